const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an item still waits in the trash, in words: '30 days left', '1 day left', 'Deleted for good today'. */
export function daysLeft(purgeAt: string, now = Date.now()): string {
  const days = Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS);
  if (days <= 0) return 'Deleted for good today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
