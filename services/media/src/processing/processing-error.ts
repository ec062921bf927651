/**
 * Why an item could not be prepared, in words a family member can read: `message` is what the archive shows
 * beside the item, `detail` (the tool's own words) is for the operator's log.
 */
export class MediaProcessingError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaProcessingError';
  }
}

export type ProcessedKind = 'photo' | 'video' | 'audio';

export const DAMAGED_MESSAGES: Record<ProcessedKind, string> = {
  photo: 'This photo is damaged and cannot be shown.',
  video: 'This video is damaged and cannot be played.',
  audio: 'This recording is damaged and cannot be played.',
};

export function tooSlowMessage(kind: ProcessedKind, timeoutMs: number): string {
  const minutes = Math.max(1, Math.round(timeoutMs / 60_000));
  const what = { photo: 'this photo', video: 'this video', audio: 'this recording' }[kind];
  return `Preparing ${what} took longer than ${minutes} minute${minutes === 1 ? '' : 's'}, so it was stopped.`;
}
