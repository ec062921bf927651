import { screen, within } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { UserMediaCard } from '../components/user-media-card';
import { mediaItem } from './fixtures';

const many = Array.from({ length: 6 }, (_, i) => mediaItem({ id: i + 1, title: `Photo ${i + 1}` }));

afterEach(restoreFetch);

describe('UserMediaCard', () => {
  it("shows the first five uploads and 'See All' when there are more", async () => {
    const { calls } = stubFetch((call) => {
      const one = /^\/api\/media\/(\d+)$/.exec(call.url);
      if (one) return fakeResponse(200, many[Number(one[1]) - 1]);
      return fakeResponse(200, { items: many, nextCursor: 'next' });
    });
    const { user } = renderWithProviders(<UserMediaCard userId={7} kind="uploaded" />);
    const list = await screen.findByRole('list', { name: 'Uploaded Media' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/July.*$/, '')),
    ).toEqual(['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4', 'Photo 5']);
    expect(calls[0].url).toBe('/api/media?userId=7&uploaded=true&limit=6');
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/profile/7/uploaded');

    await user.click(within(list).getByRole('button', { name: /Photo 2/ }));
    expect(screen.getByRole('dialog', { name: /Photo 2/ })).toBeInTheDocument();
  });

  it("shows tagged media without 'See All' when there are five or fewer", async () => {
    const { calls } = stubFetch(() => fakeResponse(200, { items: many.slice(0, 2), nextCursor: null }));
    renderWithProviders(<UserMediaCard userId={7} kind="tagged" />);
    expect(await screen.findByRole('heading', { name: 'Tagged Media' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Tagged Media' });
    expect(calls[0].url).toBe('/api/media/tagged?userId=7&limit=6');
    expect(screen.queryByRole('link', { name: 'See All' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    stubFetch(() => fakeResponse(200, { items: [], nextCursor: null }));
    renderWithProviders(<UserMediaCard userId={7} kind="uploaded" />);
    expect(await screen.findByText('No media yet.')).toBeInTheDocument();
  });
});
