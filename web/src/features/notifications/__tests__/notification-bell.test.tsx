import { screen, waitFor } from '@testing-library/react';
import type { NotificationEntry, NotificationPage } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { NotificationBell } from '../components/notification-bell';

afterEach(restoreFetch);

const anna = { id: 2, username: 'anna', displayName: 'Anna Berg' };
const entry = (fields: Partial<NotificationEntry>): NotificationEntry => ({
  id: 1,
  kind: 'tagged',
  actor: anna,
  subjectId: 40,
  subjectTitle: 'Picnic',
  createdAt: '2026-11-27T10:00:00.000Z',
  read: false,
  ...fields,
});

/** The server's notifications: marking one read changes what the next list answers. */
function backEnd(entries: NotificationEntry[]) {
  return stubFetch(({ url, method }) => {
    const marked = /^\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (method === 'POST' && marked) {
      entries = entries.map((each) => (each.id === Number(marked[1]) ? { ...each, read: true } : each));
      return fakeResponse(204);
    }
    if (method === 'POST' && url === '/api/notifications/read') {
      entries = entries.map((each) => ({ ...each, read: true }));
      return fakeResponse(204);
    }
    const page: NotificationPage = { items: entries, nextCursor: null, unread: entries.filter((e) => !e.read).length };
    return fakeResponse(200, page);
  });
}

describe('NotificationBell', () => {
  it('shows the unread count, lists sentences that link to their subject, and marks one read when opened', async () => {
    const { calls } = backEnd([
      entry({ id: 3, kind: 'album-member', subjectId: 9, subjectTitle: 'Summer 2024' }),
      entry({ id: 2, kind: 'invite-used', actor: { id: 7, username: 'dora', displayName: 'Dora' }, subjectId: 7 }),
      entry({ id: 1, read: true }),
    ]);
    const { user } = renderWithProviders(<NotificationBell currentUserId={5} />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);

    const album = await screen.findByRole('link', { name: /Anna Berg added you to the album “Summer 2024”/ });
    expect(album).toHaveAttribute('href', '/albums?album=9');
    expect(screen.getByRole('link', { name: /Dora joined the archive with your invite/ })).toHaveAttribute(
      'href',
      '/profile/7',
    );
    expect(screen.getByRole('link', { name: /Anna Berg tagged you in “Picnic”/ })).toHaveAttribute('href', '/media/40');

    await user.click(album);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/notifications/3/read')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    backEnd([entry({ id: 4 })]);
    const { user } = renderWithProviders(<NotificationBell currentUserId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
