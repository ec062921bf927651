import { screen, waitFor, within } from '@testing-library/react';
import { deferred, fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AlbumsView } from '../components/albums-view';
import { album, backEnd, dave, rose, tom, writes } from './fixtures';

afterEach(restoreFetch);

const reunion = album({
  id: 7,
  name: 'Reunion',
  description: 'Everyone at the lake',
  itemCount: 5,
  mediaItems: [
    { id: 31, type: 'photo', title: 'Jetty', thumbnailUrl: '/api/media/31/thumbnail' },
    { id: 32, type: 'audio', title: 'Song', thumbnailUrl: null },
  ],
  members: [
    { userId: tom.id, canEdit: true, user: tom },
    { userId: dave.id, canEdit: false, user: dave },
  ],
});
const tomsAlbum = album({ id: 8, name: "Tom's garden", isShared: true, createdBy: tom.id, creator: tom });

function renderView(currentUserId = rose.id) {
  const renderAlbumMedia = jest.fn((shown: { id: number; name: string }) => <p>Media grid of album {shown.id}</p>);
  const onMediaChanged = jest.fn();
  const view = renderWithProviders(
    <AlbumsView currentUserId={currentUserId} renderAlbumMedia={renderAlbumMedia} onMediaChanged={onMediaChanged} />,
  );
  return { renderAlbumMedia, onMediaChanged, ...view };
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('AlbumsView', () => {
  it('shows each album as a card: name, description, creator, counts and a preview', async () => {
    backEnd([reunion, tomsAlbum]);
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Albums' })).toBeInTheDocument();
    const reunionCard = await card('Reunion');
    expect(within(reunionCard).getByText('Everyone at the lake')).toBeInTheDocument();
    expect(within(reunionCard).getByText('Created by Grandma Rose')).toBeInTheDocument();
    expect(within(reunionCard).getByText('5 items')).toBeInTheDocument();
    expect(within(reunionCard).getByText('3 members')).toBeInTheDocument();
    expect(within(reunionCard).getByText('Private')).toBeInTheDocument();
    expect(within(reunionCard).getByRole('img', { name: 'Jetty' })).toHaveAttribute('src', '/api/media/31/thumbnail');
    expect(within(reunionCard).getByText('Song')).toBeInTheDocument();

    const tomsCard = await card("Tom's garden");
    expect(within(tomsCard).getByText('Created by Uncle Tom')).toBeInTheDocument();
    expect(within(tomsCard).getByText('0 items')).toBeInTheDocument();
    expect(within(tomsCard).getByText('1 member')).toBeInTheDocument();
    expect(within(tomsCard).getByText('Shared')).toBeInTheDocument();
    expect(within(tomsCard).getByText('Nothing in this album yet')).toBeInTheDocument();
  });

  it('offers delete to the creator only, and Add Member to those who may edit', async () => {
    backEnd([reunion, tomsAlbum]);
    renderView(rose.id);
    const reunionCard = await card('Reunion');
    expect(within(reunionCard).getByRole('button', { name: 'Delete Reunion' })).toBeInTheDocument();
    expect(within(reunionCard).getByRole('button', { name: 'Add Member to Reunion' })).toBeInTheDocument();
    const tomsCard = await card("Tom's garden");
    expect(within(tomsCard).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(tomsCard).queryByRole('button', { name: /Add Member/ })).not.toBeInTheDocument();
    expect(within(tomsCard).getByRole('button', { name: "View Tom's garden" })).toBeInTheDocument();
  });

  it('lets a member with Can Edit add members but not delete', async () => {
    backEnd([reunion]);
    renderView(tom.id);
    const reunionCard = await card('Reunion');
    expect(within(reunionCard).getByRole('button', { name: 'Add Member to Reunion' })).toBeInTheDocument();
    expect(within(reunionCard).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then says when there are no albums', async () => {
    const answer = deferred<Response>();
    backEnd([], { 'GET /api/albums': () => answer.promise });
    renderView();
    expect(screen.getByLabelText('Loading albums')).toHaveAttribute('aria-busy', 'true');
    answer.resolve(fakeResponse(200, []));
    expect(await screen.findByText('No albums yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Album' })).toHaveLength(2);
  });

  it('says so when the albums cannot be loaded, and tries again', async () => {
    let fail = true;
    backEnd([], {
      'GET /api/albums': () => (fail ? fakeResponse(503, '', 'Service Unavailable') : fakeResponse(200, [reunion])),
    });
    const { user } = renderView();
    expect(await screen.findByText('Failed to fetch albums')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Reunion' })).toBeInTheDocument();
  });

  it('asks before deleting, deletes, says so and refreshes albums and media', async () => {
    const { calls } = backEnd([reunion], {
      'DELETE /api/albums/7': () => fakeResponse(200, { message: 'Album deleted successfully' }),
    });
    const { user, onMediaChanged } = renderView();
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'Delete Reunion' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to delete this album?' });
    expect(within(confirm).getByText(/The photos and other items in it stay in the archive/)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Album deleted successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/albums/7', method: 'DELETE', body: undefined }]);
    expect(onMediaChanged).toHaveBeenCalled();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/albums').length).toBe(2));
  });

  it("shows the server's refusal to delete in a destructive toast", async () => {
    backEnd([reunion], {
      'DELETE /api/albums/7': () =>
        fakeResponse(503, { statusCode: 503, message: 'The media service is unavailable. Try again shortly.' }),
    });
    const { user } = renderView();
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'Delete Reunion' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('The media service is unavailable. Try again shortly.')).closest(
      '[role=alert]',
    ) as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
  });

  it('views an album: its media (from the media grid) and its members with their Can Edit mark', async () => {
    backEnd([reunion]);
    const { user, renderAlbumMedia } = renderView();
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'View Reunion' }));
    const dialog = screen.getByRole('dialog', { name: 'Reunion' });
    expect(within(dialog).getByText('Media grid of album 7')).toBeInTheDocument();
    expect(renderAlbumMedia).toHaveBeenCalledWith({ id: 7, name: 'Reunion' });
    const members = within(dialog).getByRole('list', { name: 'Members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'GGrandma Rose@roseCreator',
      expect.stringContaining('Uncle Tom'),
      expect.stringContaining('Little Dave'),
    ]);
    expect(within(rows[1]).getByText('Can Edit')).toBeInTheDocument();
    expect(within(rows[2]).queryByText('Can Edit')).not.toBeInTheDocument();
  });

  it('lets the creator remove a member after asking', async () => {
    const { calls } = backEnd([reunion], {
      'DELETE /api/albums/7/members/4': () => fakeResponse(200, { message: 'Member removed successfully' }),
    });
    const { user } = renderView();
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'View Reunion' }));
    await user.click(screen.getByRole('button', { name: 'Remove Little Dave from the album' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to remove this member from the album?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/albums/7/members/4', method: 'DELETE', body: undefined }]);
  });

  it('shows no remove buttons to a member, only Leave album on their own row', async () => {
    const { calls } = backEnd([reunion], {
      'DELETE /api/albums/7/members/4': () => fakeResponse(200, { message: 'Member removed successfully' }),
    });
    const { user } = renderView(dave.id);
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'View Reunion' }));
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave album' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Member removed successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/albums/7/members/4', method: 'DELETE', body: undefined }]);
  });

  it('opens Create Album and Add Member', async () => {
    backEnd([reunion]);
    const { user } = renderView();
    await user.click(within(await card('Reunion')).getByRole('button', { name: 'Add Member to Reunion' }));
    expect(screen.getByRole('dialog', { name: 'Add Member' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create Album' }));
    expect(screen.getByRole('dialog', { name: 'Create Album' })).toBeInTheDocument();
  });
});
