import useSWR from 'swr';
import type { ImportJob } from '@family/contract';
import { fetcher } from '../../../lib/api';
import { postFormWithProgress, type UploadHandle, type UploadProgress } from '../../../lib/upload-with-progress';

/** POST /api/imports: the export's ZIP goes up (with the bytes sent reported) and is checked whole first. */
export function startTakeoutImport(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): UploadHandle<ImportJob> {
  const form = new FormData();
  form.append('file', file);
  return postFormWithProgress<ImportJob>(
    '/api/imports',
    form,
    onProgress,
    'The export could not be sent. Check the connection and try again.',
  );
}

/** One import, read again every second while the worker is at it, then no more. */
export function useTakeoutImport(id: number | null) {
  const { data, error } = useSWR<ImportJob>(id === null ? null : `/api/imports/${id}`, fetcher, {
    refreshInterval: (latest) => (latest && latest.status !== 'running' ? 0 : 1000),
  });
  return { job: data, error: error as unknown };
}
