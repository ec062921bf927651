import { useCallback } from 'react';
import useSWR from 'swr';
import type { NotificationPage } from '@family/contract';
import { sendJson } from '../../../lib/api';

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
    unread: data?.unread ?? 0,
    error,
    isLoading: isLoading && !data,
    refresh: () => mutate(),
    markRead,
    markAllRead,
  };
}
