import { screen, waitFor, within } from '@testing-library/react';
import { deferred, fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { useSWRConfig } from 'swr';
import type { MediaItem, MediaPage } from '@family/contract';
import { renderWithProviders } from '../../../testing/render';
import { MediaGrid } from '../components/media-grid';
import { mediaItem, rose, tom } from './fixtures';

const items: MediaItem[] = [
  mediaItem({ id: 1, title: 'Beach day' }),
  mediaItem({ id: 2, type: 'video', title: 'First steps', thumbnailUrl: null }),
  mediaItem({ id: 3, type: 'document', title: 'Will', thumbnailUrl: null }),
];

function backEnd(answer: (call: FetchCall) => Response | Promise<Response>) {
  return stubFetch((call) => {
    if (call.url === '/api/users') return fakeResponse(200, [rose, tom]);
    // Rose, who uploaded the items, is signed in.
    if (call.url === '/api/user') return fakeResponse(200, { ...rose, email: null });
    if (call.url === '/api/albums') return fakeResponse(200, []);
    if (call.method === 'GET' && /^\/api\/media\/\d+(\/tags)?$/.test(call.url)) {
      const id = Number(call.url.split('/')[3]);
      const item = items.find((i) => i.id === id)!;
      return fakeResponse(200, call.url.endsWith('/tags') ? item.tags : item);
    }
    return answer(call);
  });
}

const page = (list: MediaItem[], nextCursor: string | null = null): MediaPage => ({ items: list, nextCursor });
const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/media?') || c.url === '/api/media');

afterEach(restoreFetch);

describe('MediaGrid', () => {
  it('shows six skeleton cards while loading, then square thumbnails named by title and date', async () => {
    const answer = deferred<Response>();
    backEnd(() => answer.promise);
    renderWithProviders(<MediaGrid />);
    expect(screen.getAllByTestId('media-card-skeleton')).toHaveLength(6);

    answer.resolve(fakeResponse(200, page(items)));
    const card = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(card).getByRole('img', { name: 'Beach day' })).toHaveAttribute('src', '/api/media/1/thumbnail');
    expect(within(card).getByRole('button', { name: 'Open Beach day, July 4, 2019' })).toBeInTheDocument();
    const video = screen.getByRole('article', { name: 'First steps' });
    expect(within(video).getByRole('img', { name: 'Video: First steps' })).toBeInTheDocument();
    const will = within(screen.getByRole('article', { name: 'Will' })).getByRole('img', { name: 'Document: Will' });
    expect(will.querySelector('[data-caption="Document"]')).not.toBeNull();
    expect(screen.queryByTestId('media-card-skeleton')).not.toBeInTheDocument();
  });

  it('shows a video by its poster with its length, and Preparing… that becomes the picture without a reload', async () => {
    const poster = mediaItem({ id: 4, type: 'video', title: 'Birthday', durationSeconds: 75 });
    const pending = mediaItem({ id: 5, title: 'Just uploaded', processing: 'pending', thumbnailUrl: null });
    let asked = 0;
    backEnd(() =>
      fakeResponse(
        200,
        page([
          poster,
          ++asked < 2 ? pending : { ...pending, processing: 'ready', thumbnailUrl: '/api/media/5/thumbnail' },
        ]),
      ),
    );
    renderWithProviders(<MediaGrid />);
    const video = await screen.findByRole('article', { name: 'Birthday' });
    expect(within(video).getByRole('img', { name: 'Birthday' })).toHaveAttribute('src', '/api/media/4/thumbnail');
    // Captions over a picture are drawn by CSS from data-caption (docs/conventions.md "Accessibility").
    expect(video.querySelector('[data-caption="1:15"]')).not.toBeNull();
    const card = screen.getByRole('article', { name: 'Just uploaded' });
    expect(within(card).getByRole('img', { name: 'Preparing…' }).querySelector('[data-caption]')).toHaveAttribute(
      'data-caption',
      'Preparing…',
    );
    const picture = await within(card).findByRole('img', { name: 'Just uploaded' }, { timeout: 5000 });
    expect(picture).toHaveAttribute('src', '/api/media/5/thumbnail');
  }, 10_000);

  it('shows the thumbnail the upload made while the rest is still being prepared', async () => {
    const photo = mediaItem({ id: 6, title: 'Fresh photo', processing: 'pending', previewUrl: null });
    backEnd(() => fakeResponse(200, page([photo])));
    renderWithProviders(<MediaGrid />);
    const card = await screen.findByRole('article', { name: 'Fresh photo' });
    expect(within(card).getByRole('img', { name: 'Fresh photo' })).toHaveAttribute('src', '/api/media/6/thumbnail');
    expect(card.querySelector('[data-caption="Preparing…"]')).toBeNull();
  });

  it("says 'No media items found' for an empty list", async () => {
    backEnd(() => fakeResponse(200, page([])));
    renderWithProviders(<MediaGrid />);
    expect(await screen.findByText('No media items found')).toBeInTheDocument();
  });

  it('searches on the server after typing stops, and filters by type, both behind one button', async () => {
    const { calls } = backEnd(() => fakeResponse(200, page(items)));
    const { user } = renderWithProviders(<MediaGrid />);
    await screen.findByRole('article', { name: 'Beach day' });
    expect(listCalls(calls).map((c) => c.url)).toEqual(['/api/media?limit=60']);
    expect(screen.queryByPlaceholderText('Search media...')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Search and filter' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.type(screen.getByPlaceholderText('Search media...'), 'beach');
    await waitFor(() => expect(listCalls(calls).map((c) => c.url)).toContain('/api/media?q=beach&limit=60'));
    // One request for the whole word, not one per letter.
    expect(listCalls(calls).filter((c) => c.url.includes('q='))).toHaveLength(1);

    const type = screen.getByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Types', 'Photos', 'Videos', 'Audio', 'Documents', 'Posts']);
    await user.selectOptions(type, 'Documents');
    await waitFor(() =>
      expect(listCalls(calls).map((c) => c.url)).toContain('/api/media?q=beach&type=document&limit=60'),
    );
  });

  it('loads the next page with its cursor from the Load more button', async () => {
    const { calls } = backEnd((call) =>
      call.url.includes('cursor=abc')
        ? fakeResponse(200, page([items[2]]))
        : fakeResponse(200, page(items.slice(0, 2), 'abc')),
    );
    const { user } = renderWithProviders(<MediaGrid />);
    await screen.findByRole('article', { name: 'First steps' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Will' })).toBeInTheDocument();
    expect(listCalls(calls).map((c) => c.url)).toContain('/api/media?limit=60&cursor=abc');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens the detail dialog from a card, and the tag dialog from its Tag Users button', async () => {
    backEnd(() => fakeResponse(200, page(items)));
    const { user } = renderWithProviders(
      <MediaGrid renderCardActions={(item) => <button type="button">Add {item.title} to Album</button>} />,
    );
    await user.click(await screen.findByRole('button', { name: /^Open Beach day,/ }));
    expect(screen.getByRole('dialog', { name: /Beach day/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const card = screen.getByRole('article', { name: 'Will' });
    expect(within(card).getByRole('button', { name: 'Add Will to Album' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Tag Users' }));
    expect(screen.getByRole('dialog', { name: 'Tag Users' })).toBeInTheDocument();
  });

  it('in an album: asks for that album only and shows no card buttons', async () => {
    const { calls } = backEnd(() => fakeResponse(200, page(items)));
    renderWithProviders(
      <MediaGrid scope={{ albumId: 4 }} renderCardActions={() => <button type="button">Add</button>} />,
    );
    await screen.findByRole('article', { name: 'Beach day' });
    expect(listCalls(calls)[0].url).toBe('/api/media?albumId=4&limit=60');
    expect(screen.queryByRole('button', { name: 'Tag Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it('lists the media a person is tagged in from /api/media/tagged', async () => {
    const { calls } = backEnd(() => fakeResponse(200, page(items)));
    renderWithProviders(<MediaGrid scope={{ taggedUserId: 7 }} />);
    await screen.findByRole('article', { name: 'Beach day' });
    expect(calls.find((c) => c.url.startsWith('/api/media/tagged'))?.url).toBe('/api/media/tagged?userId=7&limit=60');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    backEnd(() =>
      fail
        ? fakeResponse(503, { message: 'The albums service is unavailable. Try again shortly.' }, 'Service Unavailable')
        : fakeResponse(200, page(items)),
    );
    const { user } = renderWithProviders(<MediaGrid />);
    expect(await screen.findByText('The albums service is unavailable. Try again shortly.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Beach day' })).toBeInTheDocument();
  });

  it('refreshes itself after a change elsewhere (a deletion in the detail dialog)', async () => {
    let list = items;
    backEnd((call) => {
      if (call.method === 'DELETE') {
        list = items.filter((i) => i.id !== 1);
        return fakeResponse(204);
      }
      return fakeResponse(200, page(list));
    });
    const { user } = renderWithProviders(<MediaGrid />);
    await user.click(await screen.findByRole('button', { name: /^Open Beach day,/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // The dialog closes through the address (back to the list's own), which the router applies after the delete.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Beach day' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'First steps' })).toBeInTheDocument();
  });

  it("reloads when another feature refreshes the keys starting with '/api/media' (SWR's filtered mutate)", async () => {
    let list = items.slice(0, 1);
    backEnd(() => fakeResponse(200, page(list)));
    function ElsewhereInTheApp() {
      const { mutate } = useSWRConfig();
      return (
        <button type="button" onClick={() => mutate((key) => typeof key === 'string' && key.startsWith('/api/media'))}>
          Added to an album
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <ElsewhereInTheApp />
        <MediaGrid />
      </>,
    );
    await screen.findByRole('article', { name: 'Beach day' });
    list = items;
    await user.click(screen.getByRole('button', { name: 'Added to an album' }));
    expect(await screen.findByRole('article', { name: 'Will' })).toBeInTheDocument();
  });
});
