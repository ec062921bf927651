import { screen, within } from '@testing-library/react';
import { fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AddToAlbumButton } from '../components/add-to-album-button';
import { AddToAlbumDialog } from '../components/add-to-album-dialog';
import type { AlbumMediaTarget } from '../types';
import { album, backEnd, carol, rose, tom, writes } from './fixtures';

afterEach(restoreFetch);

// Rose (1) created "Summer" and "Winter"; Tom (2) lets her edit "Garden" and only view "Lake";
// Carol's shared "Party" she may only see.
const albums = [
  album({ id: 1, name: 'Summer' }),
  album({ id: 2, name: 'Winter' }),
  album({
    id: 3,
    name: 'Garden',
    createdBy: tom.id,
    creator: tom,
    members: [{ userId: rose.id, canEdit: true, user: rose }],
  }),
  album({
    id: 4,
    name: 'Lake',
    createdBy: tom.id,
    creator: tom,
    members: [{ userId: rose.id, canEdit: false, user: rose }],
  }),
  album({ id: 5, name: 'Party', createdBy: carol.id, creator: carol, isShared: true }),
];

function renderDialog(item: AlbumMediaTarget) {
  const onClose = jest.fn();
  const onChanged = jest.fn();
  const view = renderWithProviders(
    <AddToAlbumDialog open onClose={onClose} item={item} currentUserId={rose.id} onChanged={onChanged} />,
  );
  return { onClose, onChanged, ...view };
}

const albumSelect = () => screen.getByRole('combobox', { name: 'Album' });

describe('AddToAlbumDialog', () => {
  it('lists the albums one may add to, without the one the item is in', async () => {
    backEnd(albums);
    renderDialog({ id: 40, albumId: 2 });
    expect(
      screen.getByText('Select the album to move this media item to. It leaves the album it is in now.'),
    ).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Summer' });
    expect(
      within(albumSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select album', 'Summer', 'Garden']);
  });

  it('keeps Add to Album disabled until an album is chosen, then adds, says so and closes', async () => {
    const { calls } = backEnd(albums, {
      'POST /api/albums/3/media/40': () => fakeResponse(200, { message: 'Media added to album successfully' }),
    });
    const { user, onClose, onChanged } = renderDialog({ id: 40, albumId: null });
    await screen.findByRole('option', { name: 'Garden' });
    expect(screen.getByRole('button', { name: 'Add to Album' })).toBeDisabled();
    await user.selectOptions(albumSelect(), '3');
    await user.click(screen.getByRole('button', { name: 'Add to Album' }));

    const toast = (await screen.findByText('Media added to album successfully')).closest(
      '[role=status]',
    ) as HTMLElement;
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/albums/3/media/40', method: 'POST', body: undefined }]);
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('moves an item that is in an album with one request to media, says so and closes', async () => {
    const { calls } = backEnd(albums, {
      'PUT /api/media/40/album': () => fakeResponse(200, { id: 40, albumId: 3 }),
    });
    const { user, onClose, onChanged } = renderDialog({ id: 40, albumId: 2 });
    expect(screen.getByRole('dialog', { name: 'Move to Album' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Garden' });
    await user.selectOptions(albumSelect(), '3');
    await user.click(screen.getByRole('button', { name: 'Move to Album' }));

    expect(await screen.findByText('Media moved to album successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: '/api/media/40/album', method: 'PUT', body: { albumId: 3 } }]);
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal, such as an item already in an album", async () => {
    backEnd(albums, {
      'POST /api/albums/1/media/40': () =>
        fakeResponse(409, { statusCode: 409, message: 'This item is already in an album' }),
    });
    const { user, onClose } = renderDialog({ id: 40, albumId: null });
    await screen.findByRole('option', { name: 'Summer' });
    await user.selectOptions(albumSelect(), '1');
    await user.click(screen.getByRole('button', { name: 'Add to Album' }));
    const toast = (await screen.findByText('This item is already in an album')).closest('[role=alert]') as HTMLElement;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when there is no album one may add to', async () => {
    backEnd([albums[3], albums[4]]);
    renderDialog({ id: 40, albumId: null });
    expect(
      await screen.findByText(
        'There is no album you can add to. Create one on the Albums page, or ask to be made an editor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Album' })).toBeDisabled();
  });
});

describe('AddToAlbumButton', () => {
  const signedInAsRose = { 'GET /api/user': () => fakeResponse(200, rose) };

  it('opens the dialog from a card without opening the card', async () => {
    backEnd(albums, signedInAsRose);
    const onCardClick = jest.fn();
    const { user } = renderWithProviders(
      <div onClick={onCardClick}>
        <AddToAlbumButton item={{ id: 40, title: 'Jetty', albumId: null, user: rose }} currentUserId={rose.id} />
      </div>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add to Album: Jetty' }));
    expect(screen.getByRole('dialog', { name: 'Add to Album' })).toBeInTheDocument();
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it('is an icon button in the detail dialog header', async () => {
    backEnd(albums, signedInAsRose);
    const { user } = renderWithProviders(
      <AddToAlbumButton item={{ id: 40, albumId: null, user: rose }} currentUserId={rose.id} variant="icon" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add to Album' }));
    expect(screen.getByRole('dialog', { name: 'Add to Album' })).toBeInTheDocument();
  });

  it('says Move to Album for an item in an album one edits, and is not offered for what one may not edit', async () => {
    backEnd(albums, signedInAsRose);
    renderWithProviders(
      <>
        <AddToAlbumButton item={{ id: 41, title: 'In Garden', albumId: 3, user: tom }} currentUserId={rose.id} />
        <AddToAlbumButton item={{ id: 42, title: 'In Lake', albumId: 4, user: tom }} currentUserId={rose.id} />
        <AddToAlbumButton item={{ id: 43, title: "Tom's", albumId: null, user: tom }} currentUserId={rose.id} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Move to Album: In Garden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /In Lake/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tom's/ })).not.toBeInTheDocument();
  });
});
