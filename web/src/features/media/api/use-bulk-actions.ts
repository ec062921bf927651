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

/** The hidden frame downloads are posted into: a refusal shows there instead of replacing the page. */
const DOWNLOAD_FRAME = 'media-download-frame';

/**
 * POST /api/media/download as a plain form post (`ids=1,2,3`), so the browser saves the ZIP as it arrives instead of
 * the page holding it in memory. The gateway's Origin check covers the form as it covers fetch.
 */
export function downloadZip(ids: number[]): void {
  let frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${DOWNLOAD_FRAME}"]`);
  if (!frame) {
    frame = document.createElement('iframe');
    frame.name = DOWNLOAD_FRAME;
    frame.title = 'Download';
    frame.hidden = true;
    document.body.appendChild(frame);
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/api/media/download';
  form.target = DOWNLOAD_FRAME;
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'ids';
  field.value = ids.join(',');
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
