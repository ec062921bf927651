import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreateExportRequest, ExportJob, ExportScope } from '@family/contract';
import { sendJson } from '../../../lib/api';

export const EXPORTS_KEY = '/api/exports';
/** While an export is being made its progress is read again this often (docs/product.md "Download everything"). */
export const EXPORT_POLL_MS = 1000;

/** GET /api/exports: my exports, newest first; polled only while one of them is running. */
export function useExports() {
  return useSWR<ExportJob[]>(EXPORTS_KEY, {
    refreshInterval: (exports) => (exports?.some((job) => job.status === 'running') ? EXPORT_POLL_MS : 0),
  });
}

/** POST /api/exports: starts an export in the background. */
export function useStartExport() {
  return useSWRMutation(EXPORTS_KEY, (path: string, { arg }: { arg: ExportScope }) =>
    sendJson<ExportJob>('POST', path, { scope: arg } satisfies CreateExportRequest),
  );
}

/** DELETE /api/exports/{id}: the export and its ZIP go. */
export function useDeleteExport() {
  return useSWRMutation(EXPORTS_KEY, (_key: string, { arg }: { arg: number }) =>
    sendJson<void>('DELETE', `${EXPORTS_KEY}/${arg}`),
  );
}
