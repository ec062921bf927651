import { useCallback } from 'react';
import type { BulkRequest, BulkResult } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useRefreshMedia } from '../../../lib/queries/media';

/** POST /api/media/bulk: one request for the whole selection; every media list on screen refreshes after it. */
export function useBulkAction() {
  const refreshMedia = useRefreshMedia();
  return useCallback(
    async (request: BulkRequest): Promise<BulkResult> => {
      const result = await sendJson<BulkResult>('POST', '/api/media/bulk', request);
      void refreshMedia();
      return result;
    },
    [refreshMedia],
  );
}

/**
 * GET /api/media/download?ids=… as a link the browser follows: it saves the ZIP as it arrives instead of the page
 * holding it in memory (docs/api.md "Select many").
 */
export function downloadZip(ids: number[]): void {
  const link = document.createElement('a');
  link.href = `/api/media/download?ids=${ids.join(',')}`;
  link.download = '';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
