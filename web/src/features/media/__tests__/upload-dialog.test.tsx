import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem, pickPerson } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { startTusTestServer } from '../../../testing/tus-test-server';
import { UploadDialog } from '../components/upload-dialog';
import { UploadQueueProvider } from '../upload-queue/upload-queue-context';
import { UploadQueue } from '../upload-queue/upload-queue';
import { FakeXhr, installFakeXhr, mediaItem, restoreXhr, rose, tom } from './fixtures';

let server: Awaited<ReturnType<typeof startTusTestServer>>;

beforeAll(async () => {
  server = await startTusTestServer();
});
afterAll(() => server.stop());

function backEnd(
  albums: unknown = [
    { id: 7, name: 'Summer 1998', createdBy: rose.id, members: [] },
    { id: 8, name: 'Not mine', createdBy: 99, members: [] },
  ],
  maxUploadBytes?: number,
) {
  // The family is searched as one types (docs/product.md "Pickers"), never loaded whole.
  const family = [
    listItem(rose),
    listItem(tom),
    listItem({ id: 9, username: null, displayName: 'Great-aunt Tomasina' }),
  ];
  return stubFetch((call) => {
    const searched = answerPeopleSearch(call, family);
    if (searched) return searched;
    if (call.url === '/api/media/limits' && maxUploadBytes) return fakeResponse(200, { maxUploadBytes });
    if (call.url === '/api/albums')
      return typeof albums === 'number' ? fakeResponse(albums, { message: 'Down' }) : fakeResponse(200, albums);
    if (call.url === '/api/user') return fakeResponse(200, { ...rose, email: null });
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

const queues: UploadQueue[] = [];
function makeQueue() {
  const queue = new UploadQueue({
    userId: rose.id,
    endpoint: server.endpoint,
    hash: async () => null,
    findExisting: async () => new Map(),
    fetchResult: server.fetchResult,
    chunkSize: 64 * 1024,
    retryDelays: [],
  });
  queues.push(queue);
  return queue;
}

function renderDialog(props: { initialFiles?: File[]; shared?: boolean } = {}) {
  const onClose = jest.fn();
  const queue = makeQueue();
  const view = renderWithProviders(
    <UploadQueueProvider userId={rose.id} queue={queue}>
      <UploadDialog open onClose={onClose} {...props} />
    </UploadQueueProvider>,
  );
  return { onClose, queue, ...view };
}

const chooseFiles = (...files: File[]) => fireEvent.change(screen.getByLabelText('Files'), { target: { files } });

let made = 0;
const photo = (name = 'beach.jpg', size?: number) => {
  const file = new File([`jpeg bytes of ${name} ${++made}`], name, { type: 'image/jpeg', lastModified: made });
  return size === undefined ? file : Object.defineProperty(file, 'size', { value: size });
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  // Nothing a test started goes on sending into the next one.
  for (const queue of queues.splice(0)) queue.dispose();
  restoreFetch();
  restoreXhr();
});

describe('UploadDialog', () => {
  it('takes many files with no type to choose, and for posts shows Title, Content, Website URL and an Image', async () => {
    backEnd();
    const { user } = renderDialog();
    expect(screen.getByLabelText('Type')).toHaveValue('files');
    expect(screen.getByLabelText('Files')).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Files')).not.toHaveAttribute('accept');
    expect(screen.getByText('Choose a folder')).toBeInTheDocument();
    expect(screen.getByText('No files chosen')).toBeInTheDocument();
    // The title belongs to one file: with none or many, each is named after its file.
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tag people' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'post');
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByLabelText('Content')).toBeInTheDocument();
    expect(screen.getByLabelText('Website URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Image (optional)')).toHaveAttribute('accept', 'image/*');
    expect(screen.queryByLabelText('Description')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Files')).not.toBeInTheDocument();
  });

  it('offers No Album and the albums one may add to; a failing album list still leaves No Album', async () => {
    backEnd();
    const first = renderDialog();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Summer 1998' })).toBeInTheDocument());
    expect(screen.getByLabelText('Album')).toHaveValue('');
    expect(screen.queryByRole('option', { name: 'Not mine' })).not.toBeInTheDocument();
    first.unmount();

    backEnd(503);
    renderDialog();
    expect(
      await screen.findByText('Albums could not be loaded; you can still upload without one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'No Album' })).toBeInTheDocument();
  });

  it('lists the chosen files with their sizes; one can be removed, and one file alone may have a title', async () => {
    backEnd();
    const { user } = renderDialog();
    chooseFiles(photo('beach.jpg'), photo('dunes.jpg'));
    chooseFiles(photo('pier.jpg'));
    expect(screen.getByText(/^3 files,/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 3 files' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove dunes.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Remove pier.jpg' }));
    expect(screen.getByText(/^1 file,/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByText("Leave empty to use the file's name.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it.each([
    ['no file', [], 'Please select a file to upload'],
    ['a file of 50MB and a byte', [photo('big.jpg', 50 * 1024 * 1024 + 1)], 'File size must be less than 50 MB'],
    [
      'one of several over the limit',
      [photo('small.jpg'), photo('huge.mov', 60 * 1024 * 1024)],
      'File size must be less than 50 MB: remove huge.mov',
    ],
  ])('checks before anything is queued: %s', async (_what, files, message) => {
    backEnd();
    const { user, queue } = renderDialog();
    if (files.length) chooseFiles(...files);
    await user.click(screen.getByRole('button', { name: /^Upload/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it('takes the upload limit the server announces when the operator raised it', async () => {
    const MB = 1024 * 1024;
    backEnd(undefined, 200 * MB);
    const { user, queue } = renderDialog();
    // Wait until the limit has come, then a file over it is refused with the limit in the sentence.
    chooseFiles(photo('wedding.mp4', 200 * MB + 1));
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 200 MB');
    });
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it('puts the files into the upload queue with the fields set once for the whole batch, and closes', async () => {
    const { calls } = backEnd();
    const { user, queue, onClose } = renderDialog();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Summer 1998' })).toBeInTheDocument());
    chooseFiles(photo('beach.jpg'), photo('dunes.jpg'), photo('pier.jpg'));
    await user.selectOptions(screen.getByLabelText('Album'), '7');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2019-07-04' } });
    await user.type(screen.getByLabelText('Description'), '  At the sea ');
    // Someone without an account is found too.
    await pickPerson(user, 'Tag people', 'tom', /^Great-aunt Tomasina/);
    // The search asks the archive for what was typed, never for everyone.
    expect(calls.some((call) => call.url === '/api/users' || call.url.includes('limit=200'))).toBe(false);
    expect(calls.some((call) => call.url.includes('q=tom'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Upload 3 files' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const entries = queue.getSnapshot().entries;
    expect(entries.map((entry) => entry.name)).toEqual(['beach.jpg', 'dunes.jpg', 'pier.jpg']);
    expect(entries[0].metadata).toEqual({
      filename: 'beach.jpg',
      filetype: 'image/jpeg',
      description: 'At the sea',
      mediaDate: '2019-07-04',
      albumId: '7',
      taggedUsers: JSON.stringify([9]),
    });
    // They arrive at the (real) tus server with those fields.
    await waitFor(() => expect(queue.getSnapshot().entries.every((entry) => entry.state === 'done')).toBe(true));
    expect((await server.seenOf('pier.jpg')).result?.metadata?.albumId).toBe('7');
  });

  it('sends one file with its own title, and takes files handed to it (dropped or shared)', async () => {
    backEnd();
    const { user, queue } = renderDialog({ initialFiles: [photo('shared.jpg')], shared: true });
    expect(screen.getByText('shared.jpg')).toBeInTheDocument();
    chooseFiles(photo('chosen.jpg'));
    await user.click(screen.getByRole('button', { name: 'Remove chosen.jpg' }));
    await user.type(screen.getByLabelText('Title'), 'Grandpa at the pier');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(queue.getSnapshot().entries).toHaveLength(1));
    expect(queue.getSnapshot().entries[0].metadata).toMatchObject({
      filename: 'shared.jpg',
      title: 'Grandpa at the pier',
    });
    // A shared file has no file on disk to choose again after a reload: the queue keeps it until it is uploaded.
    expect(queue.getSnapshot().entries[0].kept).toBe(true);
    await waitFor(() => expect(queue.getSnapshot().entries[0].state).toBe('done'));
    expect((await server.seenOf('shared.jpg')).result?.metadata?.title).toBe('Grandpa at the pier');
  });

  describe('a post', () => {
    beforeEach(installFakeXhr);

    async function writePost(user: ReturnType<typeof renderDialog>['user']) {
      await user.selectOptions(screen.getByLabelText('Type'), 'post');
      await user.type(screen.getByLabelText('Title'), '  Family news  ');
      await user.type(screen.getByLabelText('Content'), 'We moved!');
    }

    it('needs a title', async () => {
      backEnd();
      const { user } = renderDialog();
      await user.selectOptions(screen.getByLabelText('Type'), 'post');
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title');
      expect(FakeXhr.last).toBeNull();
    });

    it('is sent at once with a progress bar, says so, and closes', async () => {
      backEnd();
      const { user, onClose, queue } = renderDialog();
      await writePost(user);
      fireEvent.change(screen.getByLabelText('Image (optional)'), { target: { files: [photo('house.jpg')] } });
      await user.click(screen.getByRole('button', { name: 'Upload' }));

      const xhr = FakeXhr.last!;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('/api/media');
      const sent = xhr.body!;
      expect([...sent.keys()]).toEqual(['type', 'title', 'content', 'websiteUrl', 'file']);
      expect(sent.get('type')).toBe('post');
      expect(sent.get('title')).toBe('Family news');
      expect((sent.get('file') as File).name).toBe('house.jpg');

      expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
      act(() => xhr.progress(40, 100));
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
      expect(screen.getByText('40%')).toBeInTheDocument();

      act(() => xhr.respond(201, mediaItem({ type: 'post' })));
      expect(await screen.findByText('Media uploaded successfully')).toBeInTheDocument();
      expect(onClose).toHaveBeenCalled();
      expect(queue.getSnapshot().entries).toEqual([]);
    });

    it('can be cancelled while it is sent, and tried again', async () => {
      backEnd();
      const { user, onClose } = renderDialog();
      await writePost(user);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      act(() => FakeXhr.last!.progress(10, 100));

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(FakeXhr.last!.aborted).toBe(true);
      expect(await screen.findByRole('button', { name: 'Upload' })).toBeEnabled();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });

    it.each([
      ['the server refuses it', () => FakeXhr.last!.respond(400, { message: 'A website must start with https://' })],
      ['the archive cannot be reached', () => FakeXhr.last!.fail()],
    ])("says so in an 'Upload Failed' toast when %s", async (what, fail) => {
      backEnd();
      const { user, onClose } = renderDialog();
      await writePost(user);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      act(fail);
      // The open dialog hides the rest of the page from assistive tech, the toast region included.
      const toast = await screen.findByRole('alert', { hidden: true });
      expect(toast).toHaveTextContent('Upload Failed');
      expect(toast).toHaveTextContent(
        what === 'the server refuses it'
          ? 'A website must start with https://'
          : 'Failed to upload media. Please try again.',
      );
      expect(onClose).not.toHaveBeenCalled();
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upload' })).toBeEnabled();
    });
  });
});
