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

  it('shows older notifications, a page at a time, with Show more', async () => {
    // 25 entries, newest first; the server pages them 20 at a time by the last entry's id.
    const all = Array.from({ length: 25 }, (_, index) =>
      entry({ id: 25 - index, subjectId: 100 + index, subjectTitle: `Photo ${25 - index}` }),
    );
    const { calls } = stubFetch(({ url }) => {
      const cursor = new URL(url, 'http://archive').searchParams.get('cursor');
      const after = cursor === null ? all : all.filter((each) => each.id < Number(cursor));
      const items = after.slice(0, 20);
      const nextCursor = after.length > 20 ? String(items[items.length - 1]!.id) : null;
      return fakeResponse(200, { items, nextCursor, unread: 25 } satisfies NotificationPage);
    });
    const { user } = renderWithProviders(<NotificationBell currentUserId={5} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 25 unread' }));
    await screen.findByRole('link', { name: /“Photo 25”/ });
    expect(screen.getAllByRole('link')).toHaveLength(20);
    expect(screen.queryByRole('link', { name: /“Photo 5”/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: /“Photo 5”/ });
    expect(screen.getAllByRole('link').map((link) => link.textContent?.match(/Photo (\d+)/)?.[1])).toEqual(
      all.map((each) => String(each.id)),
    );
    expect(calls.some((call) => call.url === '/api/notifications?cursor=6')).toBe(true);
    // Nothing older: no Show more.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
