import { screen, waitFor, within } from '@testing-library/react';
import type { AdminMember, BackupsReport, IntegrityReport, QueueReport } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { OperatorPage } from '../components/operator-page';

const mediaQueue: QueueReport = {
  queue: 'media',
  kinds: [{ kind: 'prepare', waiting: 2, running: 1, failed: 1 }],
  failed: [
    {
      id: 'a0b1c2d3-0000-4000-8000-000000000001',
      kind: 'prepare',
      key: '42',
      failedAt: '2026-11-27T10:00:00.000Z',
      message: 'The storage could not be reached',
    },
  ],
};

const integrity: IntegrityReport = {
  id: 3,
  deep: false,
  status: 'done',
  createdAt: '2026-11-27T09:00:00.000Z',
  finishedAt: '2026-11-27T09:01:00.000Z',
  itemsChecked: 1200,
  filesChecked: 2500,
  error: null,
  counts: { missing: 1, size: 0, sha256: 0, orphan: 0, remade: 0 },
  findings: [
    {
      id: 1,
      problem: 'missing',
      item: { id: 7, title: 'Beach day', uploader: { id: 2, username: 'rose', displayName: 'Grandma Rose' } },
      objectKey: 'media/2026/11/x',
      detail: 'The original is missing from storage.',
    },
  ],
  nextCursor: null,
};

const backups: BackupsReport = {
  schedule: { cron: '0 3 * * *', folder: '/mnt/backups', keep: 7 },
  runs: [
    {
      scheduledFor: '2026-11-27T03:00:00.000Z',
      status: 'failed',
      finishedAt: '2026-11-27T03:00:01.000Z',
      folder: null,
      verified: null,
      message:
        'The backup folder /mnt/backups (BACKUP_DIR) cannot be written (EACCES): give the archive’s user write access to it, or set BACKUP_DIR to another folder.',
    },
  ],
};

/** The admin routes as the services answer an admin; `admin` false answers the role as a member's. */
function backEnd(admin = true) {
  let members: AdminMember[] = [
    { id: 1, username: 'ada', admin: true },
    { id: 2, username: 'rose', admin: false },
  ];
  return stubFetch((call) => {
    if (call.url === '/api/user/role') return fakeResponse(200, { admin });
    if (call.url === '/api/admin/queues/media') return fakeResponse(200, mediaQueue);
    if (call.url === '/api/admin/queues/family')
      return fakeResponse(200, {
        queue: 'family',
        kinds: [{ kind: 'gedcom-import', waiting: 0, running: 0, failed: 0 }],
        failed: [],
      });
    if (call.url.startsWith('/api/admin/queues/media/jobs/')) return fakeResponse(204);
    if (call.url === '/api/admin/integrity' && call.method === 'GET') return fakeResponse(200, integrity);
    if (call.url === '/api/admin/integrity') return fakeResponse(202, { id: 4 });
    if (call.url === '/api/admin/backups') return fakeResponse(200, backups);
    if (call.url === '/api/admin/storage') return fakeResponse(200, { uses: [], totalItems: 0, totalBytes: 0 });
    if (call.url === '/api/admin/versions') return fakeResponse(200, { appVersion: '1.0.0', services: [] });
    if (call.url === '/api/admin/sign-up')
      return fakeResponse(200, {
        signup: 'closed',
        howToChange: 'Set SIGNUP=open in .env and run docker compose up -d.',
      });
    if (call.url === '/api/admin/members') return fakeResponse(200, { members, nextCursor: null });
    if (call.url === '/api/admin/admins' && call.method === 'POST') {
      members = members.map((member) => (member.id === 2 ? { ...member, admin: true } : member));
      return fakeResponse(204);
    }
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

afterEach(restoreFetch);

describe('OperatorPage', () => {
  it('shows failed jobs with their sentence and retries one, the integrity findings by item and uploader, and a backup folder that cannot be written', async () => {
    const { calls } = backEnd();
    const { user } = renderWithProviders(<OperatorPage />);

    const failed = await screen.findByRole('list', { name: 'Failed media jobs' });
    expect(failed).toHaveTextContent('The storage could not be reached');
    await user.click(within(failed).getByRole('button', { name: 'Retry prepare 42' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Queued again');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/queues/media/jobs/a0b1c2d3-0000-4000-8000-000000000001/retry',
    ]);

    expect(await screen.findByRole('list', { name: 'Integrity findings' })).toHaveTextContent(
      '“Beach day” by Grandma Rose: The original is missing from storage.',
    );
    expect(screen.getByText(/1,200 items, 2,500 files; 1 missing\./)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Latest backups' })).toHaveTextContent('cannot be written (EACCES)');
    expect(screen.getByText(/Sign-up is closed/)).toBeInTheDocument();
  });

  it('names a member admin after asking', async () => {
    const { calls } = backEnd();
    const { user } = renderWithProviders(<OperatorPage />);

    await user.click(await screen.findByRole('button', { name: 'Make admin: rose' }));
    const dialog = screen.getByRole('dialog', { name: 'Make rose admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make admin: rose' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.url === '/api/admin/admins')?.body).toEqual({ userId: 2 });
  });

  it('tells a member who is not an admin that the page is for admins, and asks nothing else', async () => {
    const { calls } = backEnd(false);
    renderWithProviders(<OperatorPage />);
    expect(await screen.findByText(/This page is for the archive's admins/)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/user/role']);
  });
});
