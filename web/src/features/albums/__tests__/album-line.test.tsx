import { screen, within } from '@testing-library/react';
import { fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AlbumLine } from '../components/album-line';
import type { AlbumMediaTarget } from '../types';
import { album, backEnd, carol, dave, rose, tom, writes } from './fixtures';

afterEach(restoreFetch);

const summer = album({ id: 1, name: 'Summer', members: [{ userId: dave.id, canEdit: false, user: dave }] });

function renderLine(item: AlbumMediaTarget, currentUserId = rose.id) {
  const onChanged = jest.fn();
  const view = renderWithProviders(<AlbumLine item={item} currentUserId={currentUserId} onChanged={onChanged} />);
  return { onChanged, ...view };
}

describe('AlbumLine', () => {
  it('shows nothing for an item in no album', () => {
    const { calls } = backEnd([summer]);
    renderLine({ id: 40, albumId: null });
    expect(screen.queryByText(/Album:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('names the album and removes the item after asking', async () => {
    const { calls } = backEnd([summer], {
      'DELETE /api/albums/1/media/40': () => fakeResponse(200, { message: 'Media removed from album successfully' }),
    });
    const { user, onChanged } = renderLine({ id: 40, albumId: 1, user: { id: tom.id } });
    expect(await screen.findByText('Summer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove from Summer' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to remove this media from the album?' });
    expect(writes(calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    const toast = (await screen.findByText('Media removed from album successfully')).closest(
      '[role=status]',
    ) as HTMLElement;
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/albums/1/media/40', method: 'DELETE', body: undefined }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers Remove to the uploader even in an album they cannot see', async () => {
    backEnd([]);
    renderLine({ id: 40, albumId: 9, user: { id: carol.id } }, carol.id);
    expect(await screen.findByText('an album you cannot see')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove from the album' })).toBeInTheDocument();
  });

  it('offers no Remove to a member without Can Edit who did not upload the item', async () => {
    backEnd([summer]);
    renderLine({ id: 40, albumId: 1, user: { id: tom.id } }, dave.id);
    expect(await screen.findByText('Summer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in a destructive toast", async () => {
    backEnd([summer], {
      'DELETE /api/albums/1/media/40': () =>
        fakeResponse(404, { statusCode: 404, message: 'This item is not in that album.' }),
    });
    const { user } = renderLine({ id: 40, albumId: 1, user: { id: rose.id } });
    await user.click(await screen.findByRole('button', { name: 'Remove from Summer' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const toast = (await screen.findByText('This item is not in that album.')).closest('[role=alert]') as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
  });
});
