import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { startTusTestServer } from '../../../testing/tus-test-server';
import { UploadQueueProvider } from '../upload-queue/upload-queue-context';
import { UploadQueuePanel } from '../upload-queue/upload-queue-panel';
import { UploadQueue } from '../upload-queue/upload-queue';
import { rose } from './fixtures';

let server: Awaited<ReturnType<typeof startTusTestServer>>;
const queues: UploadQueue[] = [];

beforeAll(async () => {
  server = await startTusTestServer();
});
afterAll(() => server.stop());
beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const queue of queues.splice(0)) queue.dispose();
});

function renderPanel() {
  const queue = new UploadQueue({
    userId: rose.id,
    endpoint: server.endpoint,
    hash: async () => null,
    findExisting: async () => new Map(),
    fetchResult: server.fetchResult,
    chunkSize: 16 * 1024,
    retryDelays: [],
  });
  queues.push(queue);
  const view = renderWithProviders(
    <UploadQueueProvider userId={rose.id} queue={queue}>
      <UploadQueuePanel />
    </UploadQueueProvider>,
  );
  return { queue, ...view };
}

let made = 0;
// TIFF: no small picture of the file itself (jsdom has no object URLs to draw one from).
const photo = (name: string, size: number) =>
  new File([Buffer.alloc(size, `${name}-${++made}`)], name, { type: 'image/tiff', lastModified: made });

describe('UploadQueuePanel', () => {
  it('shows nothing until files are queued, then a row per file that ends Done with a link to its item', async () => {
    const { queue, container } = renderPanel();
    expect(container).toBeEmptyDOMElement();

    queue.add([photo('beach.jpg', 40 * 1024), photo('pier.jpg', 20 * 1024)]);
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText('beach.jpg')).toBeInTheDocument();
    expect(within(panel).getByText('pier.jpg')).toBeInTheDocument();

    // Four PATCHes to the test's tus server: more than Testing Library's default second on a busy machine.
    await within(panel).findByText('All 2 done', undefined, { timeout: 15000 });
    const link = within(panel).getByRole('link', { name: 'Open beach.jpg' });
    const mediaId = queue.getSnapshot().entries[0].mediaId;
    expect(link).toHaveAttribute('href', `/media/${mediaId}`);

    await within(panel)
      .findByRole('button', { name: 'Clear finished' })
      .then((button) => button.click());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument());
  });

  it('pauses and resumes a file from its row, and cancels another', async () => {
    const { queue, user } = renderPanel();
    queue.add([photo('long.jpg', 2048 * 1024), photo('mistake.jpg', 2048 * 1024)]);
    const panel = await screen.findByRole('region', { name: 'Uploads' });

    // Once bytes are on their way, as a person sees them ('… of 2.0 MB').
    await within(panel).findByText(/^\d+(\.\d)? KB of 2\.0 MB$/);
    await user.click(within(panel).getByRole('button', { name: 'Pause long.jpg' }));
    expect(await within(panel).findByText(/^Paused at /)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel mistake.jpg' }));
    expect(within(panel).queryByText('mistake.jpg')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Resume long.jpg' }));
    await within(panel).findByText('All 1 done', undefined, { timeout: 15000 });
    // The same upload went on: made once on the server.
    expect((await server.seenOf('long.jpg')).created).toBe(1);
  });

  it('lists what an earlier visit left unfinished, to be chosen again', async () => {
    localStorage.setItem(
      `tus::fa1:${rose.id}:4096:1700000000000:left.jpg::7`,
      JSON.stringify({
        size: 4096,
        metadata: { filename: 'left.jpg' },
        creationTime: new Date().toISOString(),
        uploadUrl: `${server.endpoint}/nothing-here`,
      }),
    );
    const { queue } = renderPanel();
    queue.restore();
    const panel = await screen.findByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText('left.jpg')).toBeInTheDocument();
    expect(within(panel).getByText('Paused — choose the files again to resume')).toBeInTheDocument();
    expect(within(panel).getByText('1 waiting for their files')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Choose the files again' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Choose the files again')).toHaveAttribute('type', 'file');
  });
});
