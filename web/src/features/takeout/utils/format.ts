/** A ZIP's size in words people read: '820 KB', '14.2 MB', '3.1 GB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  if (bytes < 1000 * 1000 * 1000) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(1)} GB`;
}

/** '2 December 2026' in the reader's own language. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The two kinds of export, as the card names them. */
export const SCOPE_LABELS = { mine: 'My things', family: 'Everything I can see' } as const;
