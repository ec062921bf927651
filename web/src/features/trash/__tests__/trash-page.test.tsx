import { screen, waitFor, within } from '@testing-library/react';
import type { MediaItem, TrashItem } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { TrashPage } from '../components/trash-page';
import { daysLeft } from '../utils/days-left';

const DAY_MS = 24 * 60 * 60 * 1000;

function trashed(id: number, title: string, daysAgo: number): TrashItem {
  const deletedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const item = {
    id,
    type: 'photo',
    title,
    description: null,
    url: null,
    thumbnailUrl: `/api/trash/${id}/thumbnail`,
    previewUrl: null,
    playbackUrl: null,
    motionUrl: null,
    fullSizeUrl: null,
    motionOriginalUrl: null,
    processing: 'ready',
    processingError: null,
    width: 10,
    height: 10,
    durationSeconds: null,
    originalName: 'p.png',
    sizeBytes: 10,
    mediaDate: '2026-07-01',
    albumId: null,
    website_url: null,
    content: null,
    user: { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePictureUrl: null },
    tags: [],
    createdAt: deletedAt.toISOString(),
  } as unknown as MediaItem;
  return {
    item,
    deletedAt: deletedAt.toISOString(),
    purgeAt: new Date(deletedAt.getTime() + 30 * DAY_MS).toISOString(),
  };
}

/** The trash as the server keeps it: restore and delete take an item out, emptying takes all. */
function backEnd(initial: TrashItem[]) {
  let items = [...initial];
  return stubFetch((call) => {
    if (call.method === 'GET' && call.url.startsWith('/api/trash?'))
      return fakeResponse(200, { items, nextCursor: null });
    const restore = /^\/api\/trash\/(\d+)\/restore$/.exec(call.url);
    if (call.method === 'POST' && restore) {
      const found = items.find((entry) => entry.item.id === Number(restore[1]));
      items = items.filter((entry) => entry !== found);
      return found ? fakeResponse(200, found.item) : fakeResponse(404, { message: 'This item is not in your trash.' });
    }
    const one = /^\/api\/trash\/(\d+)$/.exec(call.url);
    if (call.method === 'DELETE' && one) {
      items = items.filter((entry) => entry.item.id !== Number(one[1]));
      return fakeResponse(204);
    }
    if (call.method === 'DELETE' && call.url === '/api/trash') {
      items = [];
      return fakeResponse(204);
    }
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

afterEach(restoreFetch);

describe('TrashPage', () => {
  it('lists the trash as cards with the days left, and restores an item', async () => {
    const { calls } = backEnd([trashed(1, 'Beach day', 2), trashed(2, 'Old letter', 29.5)]);
    const { user } = renderWithProviders(<TrashPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Trash' })).toBeInTheDocument();
    const beach = await screen.findByRole('article', { name: 'Beach day' });
    expect(beach).toHaveTextContent('28 days left');
    expect(screen.getByRole('article', { name: 'Old letter' })).toHaveTextContent('1 day left');
    expect(calls.some((c) => c.url === '/api/trash?limit=60')).toBe(true);

    await user.click(within(beach).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Restored“Beach day” is back in the archive.');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Beach day' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/trash/1/restore']);
  });

  it('deletes one item forever after asking, then empties the trash after asking, and says it is empty', async () => {
    const { calls } = backEnd([trashed(1, 'Beach day', 1), trashed(2, 'Old letter', 3), trashed(3, 'Song', 4)]);
    const { user } = renderWithProviders(<TrashPage />);

    const letter = await screen.findByRole('article', { name: 'Old letter' });
    await user.click(within(letter).getByRole('button', { name: 'Delete forever' }));
    const confirmOne = screen.getByRole('dialog', { name: 'Delete “Old letter” forever?' });
    await user.click(within(confirmOne).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmOne).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(within(letter).getByRole('button', { name: 'Delete forever' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete “Old letter” forever?' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old letter' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Deleted forever');

    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Empty the trash?' })).getByRole('button', { name: 'Empty trash' }),
    );
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/trash/2', '/api/trash']);
  });

  it('says why the trash could not be loaded, with Try again', async () => {
    stubFetch(() => fakeResponse(503, { message: 'The media service is unavailable' }));
    renderWithProviders(<TrashPage />);
    expect(await screen.findByText('The media service is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});

describe(daysLeft.name, () => {
  it('counts whole days up, and says when the day has come', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(daysLeft(new Date(now + 30 * DAY_MS).toISOString(), now)).toBe('30 days left');
    expect(daysLeft(new Date(now + 0.2 * DAY_MS).toISOString(), now)).toBe('1 day left');
    expect(daysLeft(new Date(now - 1000).toISOString(), now)).toBe('Deleted for good today');
  });
});
