import { IsIn } from 'class-validator';
import { type CreateExportRequest, EXPORT_SCOPES, type ExportJob, type ExportScope } from '@family/contract';
import type { ExportRow } from './export.repository';

/** POST /api/exports */
export class CreateExportDto implements CreateExportRequest {
  @IsIn(EXPORT_SCOPES, { message: "Choose what to export: 'mine' (my things) or 'family' (everything I can see)." })
  scope!: ExportScope;
}

export function mapExport(row: ExportRow): ExportJob {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    progress: { done: row.done, total: row.total },
    sizeBytes: ready ? row.sizeBytes : null,
    downloadUrl: ready ? `/api/exports/${row.id}/download` : null,
    error: row.status === 'failed' ? row.error : null,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
  };
}
