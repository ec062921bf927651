import type { MediaItem } from '@family/contract';

/** While any item shown is still being prepared, its list or dialog asks again this often (no reload needed). */
export const PREPARING_REFRESH_MS = 2000;

export function isPreparing(item: Pick<MediaItem, 'processing'>): boolean {
  return item.processing === 'pending';
}

/** A video's or recording's length as a badge shows it: "0:07", "12:30", "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
