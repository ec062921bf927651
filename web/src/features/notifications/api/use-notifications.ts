import { useCallback, useState } from 'react';
import useSWR from 'swr';
import type { NotificationEntry, NotificationPage } from '@family/contract';
import { getJson, sendJson } from '../../../lib/api';

export const NOTIFICATIONS_KEY = '/api/notifications';
/** docs/product.md "Notifications": the bell looks again every minute, and whenever the window comes back. */
const REFRESH_MS = 60_000;

/** GET /api/notifications: the newest page and the unread count, kept fresh on an interval and on focus. */
export function useNotifications() {
  const { data, error, isLoading, mutate } = useSWR<NotificationPage, Error>(NOTIFICATIONS_KEY, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
  });
  const markRead = useCallback(
    async (id: number) => {
      await sendJson<void>('POST', `${NOTIFICATIONS_KEY}/${id}/read`);
      await mutate();
    },
    [mutate],
  );
  const markAllRead = useCallback(async () => {
    await sendJson<void>('POST', `${NOTIFICATIONS_KEY}/read`);
    await mutate();
  }, [mutate]);
  return {
    entries: data?.items ?? [],
    nextCursor: data?.nextCursor ?? null,
    unread: data?.unread ?? 0,
    error,
    isLoading: isLoading && !data,
    refresh: () => mutate(),
    markRead,
    markAllRead,
  };
}

/**
 * The older pages under the newest one, read when the person asks for more ('Show more'), kept while the list is
 * open. Marked read here as the server marks them, so an entry opened or "Mark all as read" shows read at once.
 */
export function useOlderNotifications(firstCursor: string | null) {
  const [older, setOlder] = useState<NotificationEntry[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const next = cursor === undefined ? firstCursor : cursor;
  /** `shown`: the newest page on screen, kept with the older ones so none falls between them as new ones come. */
  const showMore = useCallback(
    async (shown: NotificationEntry[]) => {
      if (next === null) return;
      setLoading(true);
      setError(null);
      try {
        const page = await getJson<NotificationPage>(`${NOTIFICATIONS_KEY}?cursor=${encodeURIComponent(next)}`);
        setOlder((before) => [...(before.length === 0 ? shown : before), ...page.items]);
        setCursor(page.nextCursor);
      } catch (failure) {
        setError(failure);
      } finally {
        setLoading(false);
      }
    },
    [next],
  );
  const markedRead = useCallback((id?: number) => {
    setOlder((before) =>
      before.map((entry) => (id === undefined || entry.id === id ? { ...entry, read: true } : entry)),
    );
  }, []);
  return { older, hasMore: next !== null, loading, error, showMore, markedRead };
}
