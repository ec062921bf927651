import { screen, within } from '@testing-library/react';
import type { MediaItem } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { UserMediaPage } from '../components/user-media-page';
import { mediaItem, tom } from './fixtures';

const items: MediaItem[] = [
  mediaItem({ id: 1, title: 'Beach day', user: tom }),
  mediaItem({ id: 2, type: 'video', title: 'First steps', thumbnailUrl: null, user: tom }),
];

function backEnd() {
  return stubFetch((call) => {
    if (call.url === '/api/users/2') return fakeResponse(200, { ...tom, email: null, dateOfBirth: null, story: null });
    if (call.url.startsWith('/api/media')) return fakeResponse(200, { items, nextCursor: null });
    return fakeResponse(404, { statusCode: 404, message: 'Not found' });
  });
}

const addToAlbum = (item: MediaItem) => (
  <button type="button" onClick={(event) => event.stopPropagation()}>
    Add {item.title} to Album
  </button>
);

afterEach(restoreFetch);

describe('UserMediaPage', () => {
  it("shows the card actions beside Tag Users on each of a person's uploaded items", async () => {
    const { calls } = backEnd();
    renderWithProviders(<UserMediaPage userId={2} kind="uploaded" renderCardActions={addToAlbum} />);

    expect(await screen.findByRole('heading', { name: 'Uploaded Media' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(card).getByRole('button', { name: 'Tag Users' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Beach day to Album' })).toBeInTheDocument();
    const video = screen.getByRole('article', { name: 'First steps' });
    expect(within(video).getByRole('button', { name: 'Add First steps to Album' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/media?userId=2&uploaded=true&limit=60')).toBe(true);
    expect(screen.getByRole('link', { name: "Back to Uncle Tom's profile" })).toHaveAttribute('href', '/profile/2');
  });

  it('shows the card actions on the media a person is tagged in', async () => {
    const { calls } = backEnd();
    renderWithProviders(<UserMediaPage userId={2} kind="tagged" renderCardActions={addToAlbum} />);

    expect(await screen.findByRole('heading', { name: 'Tagged Media' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(card).getByRole('button', { name: 'Add Beach day to Album' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/media/tagged?userId=2&limit=60')).toBe(true);
  });

  it('shows only Tag Users on the cards when no card actions are given', async () => {
    backEnd();
    renderWithProviders(<UserMediaPage userId={2} kind="uploaded" />);
    const card = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(card).getByRole('button', { name: 'Tag Users' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /to Album/ })).not.toBeInTheDocument();
  });
});
