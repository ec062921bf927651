import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MediaItem } from '@family/contract';
import { deferred, fakeResponse, restoreFetch, stubFetch, type FetchCall } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { MediaDetailDialog } from '../components/media-detail-dialog';
import { ann, mediaItem, rose, tom } from './fixtures';

type Answer = (call: FetchCall) => Response | Promise<Response>;

function backEnd(item: MediaItem, answers: Record<string, Answer> = {}) {
  return stubFetch((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.method === 'GET' && call.url === `/api/media/${item.id}`) return fakeResponse(200, item);
    if (call.method === 'GET' && call.url === `/api/media/${item.id}/tags`) return fakeResponse(200, item.tags);
    if (call.url === '/api/users') return fakeResponse(200, [rose, tom, ann]);
    // Rose, the uploader, is signed in; she sees no album.
    if (call.method === 'GET' && call.url === '/api/user') return fakeResponse(200, { ...rose, email: null });
    if (call.method === 'GET' && call.url === '/api/albums') return fakeResponse(200, []);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

function renderDialog(item: MediaItem, slots?: Parameters<typeof MediaDetailDialog>[0]['slots']) {
  const onClose = jest.fn();
  const view = renderWithProviders(<MediaDetailDialog item={item} open onClose={onClose} slots={slots} />);
  return { onClose, ...view };
}

// The open dialog hides the rest of the page (toasts included) from assistive tech, hence `hidden`.
const errorToast = () => screen.findByRole('alert', { hidden: true });
const successToast = () => screen.findByRole('status', { hidden: true });

afterEach(restoreFetch);

describe('MediaDetailDialog', () => {
  it('shows the preview of a photo (the original only on View full size), capped at 70vh, with the uploader, the tagged people and the description', async () => {
    const item = mediaItem({
      tags: [
        { userId: 2, user: tom },
        { userId: 3, user: ann },
      ],
    });
    backEnd(item);
    renderDialog(item);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    const image = within(dialog).getByRole('img', { name: 'Beach day' });
    expect(image).toHaveAttribute('src', '/api/media/10/preview');
    expect(image).toHaveStyle({ maxHeight: '70vh' });
    expect(within(dialog).getByRole('link', { name: 'View full size' })).toHaveAttribute('href', '/api/media/10/file');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/media/10/file?download=1',
    );
    expect(dialog).toHaveTextContent('Uploaded by Grandma Rose');
    // A person without a display name is shown by username.
    expect(dialog).toHaveTextContent('Tagged: Uncle Tom, ann');
    expect(dialog).toHaveTextContent('At the sea');
    for (const name of ['Edit', 'Tag users', 'Delete'])
      expect(await within(dialog).findByRole('button', { name })).toBeInTheDocument();
  });

  it("opens a HEIC's full-size JPEG, and offers a Live Photo's motion with its Live button and its MOV to download", async () => {
    const item = mediaItem({
      originalName: 'IMG_0042.HEIC',
      fullSizeUrl: '/api/media/10/full-size',
      motionUrl: '/api/media/10/motion',
      motionOriginalUrl: '/api/media/10/file?part=motion',
    });
    backEnd(item);
    renderDialog(item);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(within(dialog).getByRole('link', { name: 'View full size' })).toHaveAttribute(
      'href',
      '/api/media/10/full-size',
    );
    expect(within(dialog).getByRole('button', { name: 'Live, play the motion' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download motion' })).toHaveAttribute(
      'href',
      '/api/media/10/file?part=motion&download=1',
    );
  });

  it('offers no View full size while a HEIC is still being prepared', async () => {
    const item = mediaItem({ processing: 'pending', previewUrl: null, fullSizeUrl: null });
    backEnd(item);
    renderDialog(item);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(within(dialog).getByText('Preparing…')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'View full size' })).not.toBeInTheDocument();
  });

  it('plays the playable file of video and audio with the poster, downloads both, and opens or downloads a document', async () => {
    const video = mediaItem({
      id: 11,
      type: 'video',
      title: 'First steps',
      playbackUrl: '/api/media/11/playback',
      durationSeconds: 12,
    });
    backEnd(video);
    const first = renderDialog(video);
    const player = screen.getByLabelText('First steps');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', '/api/media/11/playback');
    expect(player).toHaveAttribute('poster', '/api/media/11/preview');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/media/11/file?download=1');
    first.unmount();

    const audio = mediaItem({
      id: 12,
      type: 'audio',
      title: 'Lullaby',
      thumbnailUrl: null,
      previewUrl: null,
      playbackUrl: '/api/media/12/playback',
    });
    backEnd(audio);
    const second = renderDialog(audio);
    expect(screen.getByLabelText('Lullaby').tagName).toBe('AUDIO');
    expect(screen.getByLabelText('Lullaby')).toHaveAttribute('controls');
    expect(screen.getByLabelText('Lullaby')).toHaveAttribute('src', '/api/media/12/playback');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/media/12/file?download=1');
    second.unmount();

    const doc = mediaItem({ id: 13, type: 'document', title: 'Will', thumbnailUrl: null });
    backEnd(doc);
    renderDialog(doc);
    const open = screen.getByRole('link', { name: 'Open' });
    expect(open).toHaveAttribute('href', '/api/media/13/file');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/media/13/file?download=1');
  });

  it('says Preparing… until the worker is done, then shows the preview without a reload', async () => {
    const pending = mediaItem({
      processing: 'pending',
      thumbnailUrl: null,
      previewUrl: null,
      width: null,
      height: null,
    });
    let asked = 0;
    backEnd(pending, {
      'GET /api/media/10': () => fakeResponse(200, ++asked < 2 ? pending : mediaItem()),
    });
    renderDialog(pending);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Preparing…');
    expect(within(dialog).queryByRole('img', { name: 'Beach day' })).not.toBeInTheDocument();
    const image = await within(dialog).findByRole('img', { name: 'Beach day' }, { timeout: 5000 });
    expect(image).toHaveAttribute('src', '/api/media/10/preview');
  }, 10_000);

  it('says why an item failed, and lets its uploader try again', async () => {
    const failed = mediaItem({
      processing: 'failed',
      processingError: 'This photo is damaged and cannot be shown.',
      thumbnailUrl: null,
      previewUrl: null,
    });
    const fetches = backEnd(failed, {
      'GET /api/user': () => fakeResponse(200, { ...rose, email: null }),
      'GET /api/albums': () => fakeResponse(200, []),
      'POST /api/media/10/reprocess': () =>
        fakeResponse(202, { ...failed, processing: 'pending', processingError: null }),
    });
    renderDialog(failed);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(dialog).toHaveTextContent('This photo is damaged and cannot be shown.');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Preparing…'));
    expect(fetches.calls.some((call) => call.method === 'POST' && call.url === '/api/media/10/reprocess')).toBe(true);
  });

  it('offers Try again to nobody who may not edit the item', async () => {
    const failed = mediaItem({ processing: 'failed', processingError: 'This video is damaged and cannot be played.' });
    const fetches = backEnd(failed, {
      'GET /api/user': () => fakeResponse(200, { ...tom, email: null }),
      'GET /api/albums': () => fakeResponse(200, []),
    });
    renderDialog(failed);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(dialog).toHaveTextContent('This video is damaged and cannot be played.');
    await waitFor(() => expect(fetches.calls.some((call) => call.url === '/api/albums')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Edit and Delete only to those the server lets edit and delete the item', async () => {
    // Tom did not upload it; it is in Ann's album, where Tom may edit but only Ann, its creator, may delete.
    const item = mediaItem({ albumId: 7 });
    const album = (members: Array<{ userId: number; canEdit: boolean }>) => ({
      id: 7,
      name: 'Summer',
      createdBy: ann.id,
      members,
    });
    const asTom = (members: Array<{ userId: number; canEdit: boolean }>) =>
      backEnd(item, {
        'GET /api/user': () => fakeResponse(200, { ...tom, email: null }),
        'GET /api/albums': () => fakeResponse(200, [album(members)]),
      });

    const seeing = asTom([{ userId: tom.id, canEdit: false }]);
    const { unmount } = renderDialog(item);
    let dialog = screen.getByRole('dialog', { name: /Beach day/ });
    await waitFor(() => expect(seeing.calls.some((call) => call.url === '/api/albums')).toBe(true));
    await within(dialog).findByRole('button', { name: 'Tag users' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();
    restoreFetch();

    asTom([{ userId: tom.id, canEdit: true }]);
    renderDialog(item);
    dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(await within(dialog).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows a post with its website and content, and its image only when it has one', async () => {
    const post = mediaItem({
      id: 14,
      type: 'post',
      title: 'Reunion',
      url: null,
      thumbnailUrl: null,
      description: null,
      website_url: 'https://example.org/reunion',
      content: 'Bring a dish.',
    });
    backEnd(post);
    renderDialog(post);
    const dialog = screen.getByRole('dialog', { name: /Reunion/ });
    expect(within(dialog).queryByRole('img', { name: 'Reunion' })).not.toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Visit Website' });
    expect(link).toHaveAttribute('href', 'https://example.org/reunion');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(dialog).toHaveTextContent('Bring a dish.');
  });

  it('edits: placeholders, trimmed title, empty description sent as null, success toast, back to view', async () => {
    const item = mediaItem();
    const updated = { ...item, title: 'Beach at dusk', description: null, mediaDate: '2019-07-05' };
    const answer = deferred<Response>();
    let saved = item;
    const { calls } = backEnd(item, {
      'PATCH /api/media/10': () => answer.promise,
      'GET /api/media/10': () => fakeResponse(200, saved),
    });
    const { user } = renderDialog(item);

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByPlaceholderText('Enter title');
    const description = screen.getByPlaceholderText('Enter description');
    expect(screen.getByPlaceholderText('Pick a date')).toHaveValue('2019-07-04');
    await user.clear(title);
    await user.type(title, '  Beach at dusk  ');
    await user.clear(description);
    await user.type(description, '   ');
    fireEvent.change(screen.getByPlaceholderText('Pick a date'), { target: { value: '2019-07-05' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Beach at dusk',
      description: null,
      mediaDate: '2019-07-05',
    });
    saved = updated;
    answer.resolve(fakeResponse(200, updated));

    expect(await successToast()).toHaveTextContent('SuccessMedia updated successfully');
    expect(await screen.findByRole('dialog', { name: /Beach at dusk/ })).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter title')).not.toBeInTheDocument();
  });

  it('dates an old photo roughly: shows the words, warns from the lives of the people in it, sends the text', async () => {
    const item = mediaItem({ tags: [{ userId: 3, user: ann }] });
    const dated = { ...item, mediaDate: '1955-07-02', mediaDateText: 'ABT 1955', place: 'Kraków, Poland' };
    let saved = item;
    const { calls } = backEnd(item, {
      'GET /api/media/10': () => fakeResponse(200, saved),
      'GET /api/media/10/date-hint': () =>
        fakeResponse(200, {
          after: { day: '1958-01-01', year: '1958', person: { ...ann, displayName: 'Anna' } },
          before: null,
        }),
      'PATCH /api/media/10': () => {
        saved = dated;
        return fakeResponse(200, dated);
      },
    });
    const { user } = renderDialog(item);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('after 1958: Anna is in it')).toBeInTheDocument();
    expect(screen.queryByText('The date does not fit the people in it')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'The exact day is not known' }));
    const roughly = screen.getByRole('textbox', { name: 'Roughly when' });
    await user.type(roughly, 'sometime');
    expect(screen.getByText(/"sometime" is not a date/)).toBeInTheDocument();
    await user.clear(roughly);
    await user.type(roughly, 'about 1955');
    expect(screen.getByText('Shown as “about 1955”')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Place' }), ' Kraków, Poland ');
    // 1955 ends before Anna was born: the hint says so.
    expect(screen.getByRole('alert', { name: 'From the people in it' })).toHaveTextContent(
      'The date does not fit the people in it',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Beach day',
      description: 'At the sea',
      place: 'Kraków, Poland',
      mediaDateText: 'about 1955',
    });
    expect(await screen.findByText('about 1955', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kraków, Poland' })).toHaveAttribute(
      'href',
      '/places?place=Krak%C3%B3w%2C+Poland',
    );
  });

  it('does not send an empty title, and Cancel leaves edit mode unchanged', async () => {
    const item = mediaItem();
    const { calls } = backEnd(item);
    const { user } = renderDialog(item);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByPlaceholderText('Enter title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: /Beach day/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it("shows the server's sentence when an edit is refused", async () => {
    const item = mediaItem();
    backEnd(item, {
      'PATCH /api/media/10': () =>
        fakeResponse(403, { message: 'Only the uploader or an album editor can edit this item' }),
    });
    const { user } = renderDialog(item);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await errorToast();
    expect(shown).toHaveTextContent('Error');
    expect(shown).toHaveTextContent('Only the uploader or an album editor can edit this item');
    expect(screen.getByPlaceholderText('Enter title')).toBeInTheDocument();
  });

  it('deletes after asking, says so and closes', async () => {
    const item = mediaItem();
    const { calls } = backEnd(item, { 'DELETE /api/media/10': () => fakeResponse(204) });
    const { user, onClose } = renderDialog(item);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await successToast()).toHaveTextContent(
      'Moved to the trash“Beach day” is in the trash, where it can be restored.',
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/media/10']);
  });

  it('offers Undo in the toast after a delete, which restores the item from the trash', async () => {
    const item = mediaItem();
    const { calls } = backEnd(item, {
      'DELETE /api/media/10': () => fakeResponse(204),
      'POST /api/trash/10/restore': () => fakeResponse(200, item),
    });
    const { user } = renderDialog(item);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const toast = await successToast();
    await user.click(within(toast).getByRole('button', { name: 'Undo', hidden: true }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/trash/10/restore']),
    );
    expect(await successToast()).toHaveTextContent('Restored“Beach day” is back in the archive.');
  });

  it('says why when Undo fails', async () => {
    const item = mediaItem();
    backEnd(item, {
      'DELETE /api/media/10': () => fakeResponse(204),
      'POST /api/trash/10/restore': () => fakeResponse(404, { message: 'This item is not in your trash.' }),
    });
    const { user } = renderDialog(item);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure you want to delete this media item?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await user.click(within(await successToast()).getByRole('button', { name: 'Undo', hidden: true }));
    expect(await errorToast()).toHaveTextContent('This item is not in your trash.');
  });

  it('leaves room for the albums work: header actions and the album line', () => {
    const item = mediaItem({ albumId: 5 });
    backEnd(item);
    renderDialog(item, {
      headerActions: (i) => <button type="button">Add {i.title} to Album</button>,
      albumLine: (i) => <p>In album {i.albumId}</p>,
    });
    expect(screen.getByRole('button', { name: 'Add Beach day to Album' })).toBeInTheDocument();
    expect(screen.getByText('In album 5')).toBeInTheDocument();
  });
});
