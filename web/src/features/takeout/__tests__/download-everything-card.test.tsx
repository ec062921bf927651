import { screen, waitFor, within } from '@testing-library/react';
import type { ExportJob } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { DownloadEverythingCard } from '../components/download-everything-card';

afterEach(restoreFetch);

const job = (fields: Partial<ExportJob>): ExportJob => ({
  id: 1,
  scope: 'mine',
  status: 'running',
  progress: { done: 0, total: 0 },
  sizeBytes: null,
  downloadUrl: null,
  error: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  expiresAt: null,
  ...fields,
});

describe(DownloadEverythingCard.name, () => {
  it('starts an export of what is chosen, shows its progress, then the Download link', async () => {
    let state: ExportJob[] = [];
    let polls = 0;
    const { calls } = stubFetch((call) => {
      if (call.method === 'POST') {
        state = [job({ id: 7, scope: 'family', progress: { done: 2, total: 10 } })];
        return fakeResponse(202, state[0]);
      }
      if (state.length > 0 && (polls += 1) > 1) {
        state = [
          job({
            id: 7,
            scope: 'family',
            status: 'ready',
            progress: { done: 10, total: 10 },
            sizeBytes: 14_200_000,
            downloadUrl: '/api/exports/7/download',
            expiresAt: '2026-12-02T08:00:00.000Z',
          }),
        ];
      }
      return fakeResponse(200, state);
    });
    const { user } = renderWithProviders(<DownloadEverythingCard />);

    await user.click(screen.getByRole('radio', { name: 'Everything I can see in the archive' }));
    await user.click(screen.getByRole('button', { name: 'Start export' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/exports',
      body: { scope: 'family' },
    });
    expect(await screen.findByText('Packing Everything I can see: 2 of 10 items…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByRole('button', { name: 'Start export' })).toBeDisabled();

    const list = await screen.findByRole('list', { name: 'Your exports' }, { timeout: 5000 });
    expect(within(list).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/exports/7/download');
    expect(within(list).getByText(/14\.2 MB · kept until/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('says why a second export cannot start', async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? fakeResponse(409, { statusCode: 409, message: 'An export of yours is already being made.' })
        : fakeResponse(200, []),
    );
    const { user } = renderWithProviders(<DownloadEverythingCard />);
    await user.click(await screen.findByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('An export of yours is already being made.')).toBeInTheDocument();
  });
});
