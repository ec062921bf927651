import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { UploadDialog } from '../components/upload-dialog';
import { FakeXhr, installFakeXhr, mediaItem, restoreXhr, rose } from './fixtures';

function backEnd(
  albums: unknown = [
    { id: 7, name: 'Summer 1998', createdBy: rose.id, members: [] },
    { id: 8, name: 'Not mine', createdBy: 99, members: [] },
  ],
  maxUploadBytes?: number,
) {
  return stubFetch((call) => {
    if (call.url === '/api/media/limits' && maxUploadBytes) return fakeResponse(200, { maxUploadBytes });
    if (call.url === '/api/albums')
      return typeof albums === 'number' ? fakeResponse(albums, { message: 'Down' }) : fakeResponse(200, albums);
    if (call.url === '/api/user') return fakeResponse(200, { ...rose, email: null });
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

function renderDialog() {
  const onClose = jest.fn();
  const view = renderWithProviders(<UploadDialog open onClose={onClose} />);
  return { onClose, ...view };
}

function chooseFile(label: 'File' | 'Image', file: File) {
  fireEvent.change(screen.getByLabelText(label === 'Image' ? 'Image (optional)' : 'File'), {
    target: { files: [file] },
  });
}

const photo = () => new File(['jpeg bytes'], 'beach.jpg', { type: 'image/jpeg' });

beforeEach(installFakeXhr);
afterEach(() => {
  restoreFetch();
  restoreXhr();
});

describe('UploadDialog', () => {
  it('shows the fields for files, and for posts Content, Website URL and an optional Image', async () => {
    backEnd();
    const { user } = renderDialog();
    expect(screen.getByLabelText('Type')).toHaveValue('photo');
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', 'image/*');

    await user.selectOptions(screen.getByLabelText('Type'), 'post');
    expect(screen.getByLabelText('Content')).toBeInTheDocument();
    expect(screen.getByLabelText('Website URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Image (optional)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Description')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'document');
    expect(screen.getByLabelText('File')).toHaveAttribute('accept', '.pdf,.doc,.docx,.odt,.txt');
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

  it.each([
    ['no title', { title: '', file: photo() }, 'Please enter a title'],
    ['no file', { title: 'Beach', file: null }, 'Please select a file to upload'],
    [
      'a file of 50MB and a byte',
      { title: 'Beach', file: Object.defineProperty(photo(), 'size', { value: 50 * 1024 * 1024 + 1 }) },
      'File size must be less than 50MB',
    ],
    [
      'a video as a photo',
      { title: 'Beach', file: new File(['x'], 'clip.mp4', { type: 'video/mp4' }) },
      'A photo must be an image file (such as JPEG, PNG, GIF, WebP or HEIC).',
    ],
  ])('checks before sending: %s', async (_what, { title, file }, message) => {
    backEnd();
    const { user } = renderDialog();
    if (title) await user.type(screen.getByLabelText('Title'), title);
    if (file) chooseFile('File', file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(FakeXhr.last).toBeNull();
  });

  it('takes the upload limit the server announces when the operator raised it', async () => {
    const MB = 1024 * 1024;
    backEnd(undefined, 200 * MB);
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Wedding video');
    await user.selectOptions(screen.getByLabelText('Type'), 'video');
    const clip = (size: number) =>
      Object.defineProperty(new File(['x'], 'wedding.mp4', { type: 'video/mp4' }), 'size', { value: size });
    // Wait until the limit has come, then a file over it is refused with the limit in the sentence.
    await waitFor(async () => {
      chooseFile('File', clip(200 * MB + 1));
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('File size must be less than 200MB');
    });
    expect(FakeXhr.last).toBeNull();
    chooseFile('File', clip(120 * MB));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).not.toBeNull();
  });

  it('takes documents by their extension, and a post without an image', async () => {
    backEnd();
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Type'), 'document');
    await user.type(screen.getByLabelText('Title'), 'Letter');
    chooseFile('File', new File(['x'], 'letter.exe', { type: 'application/octet-stream' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A document must be a PDF, a Word file (.doc or .docx) or a plain text file (.txt).',
    );
    chooseFile('File', new File(['x'], 'letter.docx', { type: '' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.last).not.toBeNull();
  });

  it('uploads with a progress bar, says so, and closes', async () => {
    backEnd();
    const { user, onClose } = renderDialog();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Summer 1998' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Album'), '7');
    await user.type(screen.getByLabelText('Title'), '  Beach  ');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2019-07-04' } });
    await user.type(screen.getByLabelText('Description'), 'At the sea');
    chooseFile('File', photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/media');
    expect(xhr.withCredentials).toBe(true);
    const sent = xhr.body!;
    expect([...sent.keys()]).toEqual(['type', 'title', 'albumId', 'mediaDate', 'description', 'file']);
    expect(sent.get('type')).toBe('photo');
    expect(sent.get('title')).toBe('Beach');
    expect(sent.get('albumId')).toBe('7');
    expect(sent.get('mediaDate')).toBe('2019-07-04');
    expect((sent.get('file') as File).name).toBe('beach.jpg');

    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();

    act(() => xhr.respond(201, mediaItem()));
    expect(await screen.findByText('Media uploaded successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('cancels an upload in progress and lets one try again', async () => {
    backEnd();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Beach');
    chooseFile('File', photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.progress(10, 100));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Upload Failed')).not.toBeInTheDocument();
  });

  it("shows the server's sentence in an 'Upload Failed' toast", async () => {
    backEnd();
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Beach');
    chooseFile('File', photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.respond(409, { statusCode: 409, message: 'You already uploaded this file', id: 3 }));

    // The open dialog hides the rest of the page from assistive tech, the toast region included.
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Upload Failed');
    expect(toast).toHaveTextContent('You already uploaded this file');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('says the network failed when the upload could not reach the archive', async () => {
    backEnd();
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Beach');
    chooseFile('File', photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => FakeXhr.last!.fail());
    // The open dialog hides the rest of the page from assistive tech, the toast region included.
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Upload Failed');
    expect(toast).toHaveTextContent('Failed to upload media. Please try again.');
  });
});
