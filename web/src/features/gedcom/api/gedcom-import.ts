import useSWR from 'swr';
import type { GedcomImportStatus, GedcomLiving } from '@family/contract';
import { fetcher, sendJson } from '../../../lib/api';

/** POST /api/family/gedcom: the file goes up and is checked whole; the answer is the queued import. */
export function startGedcomImport(file: File): Promise<GedcomImportStatus> {
  const form = new FormData();
  form.append('file', file);
  return sendJson<GedcomImportStatus>('POST', '/api/family/gedcom', form);
}

const finished = (status: GedcomImportStatus | undefined) => status?.status === 'done' || status?.status === 'failed';

/** One import, read again every second while the worker is at it, then no more. */
export function useGedcomImport(id: number | null) {
  const { data, error } = useSWR<GedcomImportStatus>(id === null ? null : `/api/family/gedcom/imports/${id}`, fetcher, {
    refreshInterval: (latest) => (finished(latest) ? 0 : 1000),
  });
  return { status: data, error: error as unknown };
}

/** The export's address: the browser downloads it (an attachment), so nothing is held in the page. */
export const gedcomDownloadHref = (living: GedcomLiving) => `/api/family/gedcom?living=${living}`;
