import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ImportJob } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { FakeXhr, installFakeXhr, restoreXhr } from '../../../testing/fake-xhr';
import { renderWithProviders } from '../../../testing/render';
import { ImportArchiveCard } from '../components/import-archive-card';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 9,
  fileName: 'family-archive.zip',
  status: 'running',
  progress: { done: 0, total: 0 },
  report: null,
  error: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** The server's answers to reading the import: each read gives the next of `steps`, then the last again. */
function importReads(steps: ImportJob[]) {
  let read = 0;
  return stubFetch((call) =>
    call.url === '/api/imports/9'
      ? fakeResponse(200, steps[Math.min(read++, steps.length - 1)])
      : fakeResponse(200, { items: [], nextCursor: null }),
  );
}

async function chooseAndSend(name = 'family-archive.zip') {
  const view = renderWithProviders(<ImportArchiveCard />);
  const card = screen.getByRole('region', { name: 'Bring an archive in' });
  expect(within(card).getByRole('button', { name: 'Bring it in' })).toBeDisabled();
  fireEvent.change(within(card).getByLabelText('Export ZIP'), {
    target: { files: [new File(['PK'], name, { type: 'application/zip' })] },
  });
  expect(within(card).getByText(name)).toBeInTheDocument();
  await view.user.click(within(card).getByRole('button', { name: 'Bring it in' }));
  return card;
}

describe('Bring an archive in', () => {
  beforeEach(() => installFakeXhr());
  afterEach(() => {
    restoreXhr();
    restoreFetch();
  });

  it('shows the upload, then the import going on, then what came in and what was left out', async () => {
    importReads([
      job({ progress: { done: 3, total: 10 } }),
      job({
        status: 'ready',
        progress: { done: 10, total: 10 },
        report: {
          media: 8,
          albums: 1,
          people: 2,
          tags: 3,
          skipped: [
            { path: 'media/2020/lost.png', reason: 'archive.json names this file, but the ZIP does not hold it.' },
          ],
        },
      }),
    ]);
    const card = await chooseAndSend();
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/imports']);
    expect((xhr.body!.get('file') as File).name).toBe('family-archive.zip');
    act(() => xhr.progress(40, 100));
    expect(within(card).getByText('Sending the ZIP… 40%')).toBeInTheDocument();
    act(() => xhr.respond(202, job({})));

    expect(await within(card).findByText('Bringing in 3 of 10…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await within(card).findByText('The archive is in.', {}, { timeout: 3000 })).toBeInTheDocument();
    const cameIn = within(card).getByRole('region', { name: 'What came in' });
    for (const line of ['8 items', '1 album', '2 people found or added', '3 tags']) {
      expect(within(cameIn).getByText(line)).toBeInTheDocument();
    }
    const leftOut = within(card).getByRole('region', { name: 'Left out' });
    expect(within(leftOut).getByText('Left out (1)')).toBeInTheDocument();
    expect(
      within(leftOut).getByText('archive.json names this file, but the ZIP does not hold it.'),
    ).toBeInTheDocument();
    expect(within(leftOut).getByText('media/2020/lost.png')).toBeInTheDocument();
  });

  it("shows the server's sentence when the ZIP is refused, and lets another be chosen", async () => {
    const card = await chooseAndSend('notes.zip');
    act(() =>
      FakeXhr.last!.respond(400, {
        statusCode: 400,
        message: 'The ZIP unpacks to far more than it holds (a ZIP bomb, or a damaged file); it cannot be imported.',
      }),
    );
    expect(
      await within(card).findByText(
        'The ZIP unpacks to far more than it holds (a ZIP bomb, or a damaged file); it cannot be imported.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bring it in' })).toBeEnabled();
  });

  it('shows why an import failed', async () => {
    importReads([
      job({
        status: 'failed',
        error: 'The ZIP is damaged at "media/a.jpg" (invalid distance); nothing was kept. Export the archive again.',
      }),
    ]);
    const card = await chooseAndSend();
    act(() => FakeXhr.last!.respond(202, job({})));
    expect(
      await within(card).findByText(
        'The ZIP is damaged at "media/a.jpg" (invalid distance); nothing was kept. Export the archive again.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bring in another' })).toBeInTheDocument();
  });
});
