import { screen, within } from '@testing-library/react';
import { deferred, fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { CreateAlbumDialog } from '../components/create-album-dialog';
import { album, backEnd, writes } from './fixtures';

afterEach(restoreFetch);

function renderDialog() {
  const onClose = jest.fn();
  return { onClose, ...renderWithProviders(<CreateAlbumDialog open onClose={onClose} />) };
}

describe('CreateAlbumDialog', () => {
  it('asks for a name before sending anything', async () => {
    const { calls } = backEnd([]);
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name *'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Album' }));
    expect(screen.getByText('Album name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a private album by default, trimmed, says so and closes', async () => {
    const answer = deferred<Response>();
    const { calls } = backEnd([], { 'POST /api/albums': () => answer.promise });
    const { user, onClose } = renderDialog();
    expect(screen.getByRole('switch', { name: 'Shared with the whole family' })).not.toBeChecked();
    expect(screen.getByText('Only you and the members you add can see this album.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name *'), '  Christmas 1985 ');
    await user.type(screen.getByLabelText('Description'), ' At the farm ');
    await user.click(screen.getByRole('button', { name: 'Create Album' }));
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    answer.resolve(fakeResponse(201, album({ id: 9, name: 'Christmas 1985' })));

    expect(await screen.findByText('Album created successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        url: '/api/albums',
        method: 'POST',
        body: { name: 'Christmas 1985', description: 'At the farm', isShared: false },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends isShared when the album is shared with the whole family', async () => {
    const { calls } = backEnd([], { 'POST /api/albums': () => fakeResponse(201, album({ id: 3, name: 'Reunion' })) });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name *'), 'Reunion');
    await user.click(screen.getByRole('switch', { name: 'Shared with the whole family' }));
    expect(screen.getByText('Everyone in the family can see this album and what is in it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Album' }));
    await screen.findByText('Album created successfully');
    expect(writes(calls)[0].body).toEqual({ name: 'Reunion', description: '', isShared: true });
  });

  it("shows the server's sentence in a destructive toast titled Error and stays open", async () => {
    backEnd([], {
      'POST /api/albums': () =>
        fakeResponse(400, { statusCode: 400, message: 'Album name is too long: keep it under 100 characters' }),
    });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name *'), 'Something');
    await user.click(screen.getByRole('button', { name: 'Create Album' }));
    const toast = (await screen.findByText('Album name is too long: keep it under 100 characters')).closest(
      '[role=alert]',
    ) as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name *')).toHaveValue('Something');
  });

  it('clears the form when cancelled', async () => {
    backEnd([]);
    const onClose = jest.fn();
    const { user, rerender } = renderWithProviders(<CreateAlbumDialog open onClose={onClose} />);
    await user.type(screen.getByLabelText('Name *'), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<CreateAlbumDialog open onClose={onClose} />);
    expect(screen.getByLabelText('Name *')).toHaveValue('');
  });
});
