import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GedcomImportReport, GedcomImportStatus } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { GedcomActions } from '../components/gedcom-actions';
import { GedcomReport } from '../components/gedcom-report';

const report: GedcomImportReport = {
  version: '5.5.1',
  encoding: 'ANSEL',
  sourceProgram: 'RootsMagic',
  people: 4,
  created: 3,
  matched: 1,
  alreadyImported: 0,
  partnerships: 1,
  children: 2,
  media: 1,
  missingMedia: [{ line: 40, reason: 'Line 40: the file "photos/anna.jpg" is not in the upload.' }],
  skipped: [{ line: 31, reason: 'A third birth parent for Karl Lindqvist' }],
  warnings: [{ line: 12, reason: 'The date "31 FEB 1900" is not a real day; it is kept as text.' }],
  extensionTags: { total: 2, byTag: { _UID: 2 } },
};

const status = (over: Partial<GedcomImportStatus>): GedcomImportStatus => ({
  id: 5,
  fileName: 'family.ged',
  status: 'queued',
  progress: 0,
  stage: 'Waiting to start',
  report: null,
  error: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** The server: the upload answers `started`; each status read gives the next of `steps`, then the last again. */
function backEnd(started: { code: number; body: unknown }, steps: GedcomImportStatus[] = []) {
  let read = 0;
  return stubFetch((call) => {
    if (call.method === 'POST' && call.url === '/api/family/gedcom') return fakeResponse(started.code, started.body);
    if (call.url === '/api/family/gedcom/imports/5')
      return fakeResponse(200, steps[Math.min(read++, steps.length - 1)]);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

async function importFile(name = 'family.ged') {
  const view = renderWithProviders(<GedcomActions />);
  await view.user.click(screen.getByRole('button', { name: 'Import from a genealogy program' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import from a genealogy program' });
  expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText('GEDCOM file or ZIP'), {
    target: { files: [new File(['0 HEAD\n0 TRLR\n'], name)] },
  });
  expect(within(dialog).getByText(name)).toBeInTheDocument();
  await view.user.click(within(dialog).getByRole('button', { name: 'Import' }));
  return dialog;
}

afterEach(restoreFetch);

describe('GEDCOM import', () => {
  it('sends the file, shows the progress while the import runs, then the report', async () => {
    const { calls } = backEnd({ code: 202, body: status({}) }, [
      status({ status: 'running', progress: 40, stage: 'Added 1000 of 3000 new people' }),
      status({ status: 'done', progress: 100, stage: 'Done', report }),
    ]);
    const dialog = await importFile();
    const upload = calls.find((call) => call.method === 'POST')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await within(dialog).findByText('Added 1000 of 3000 new people')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '40');

    expect(await within(dialog).findByText('The import is done.', {}, { timeout: 4000 })).toBeInTheDocument();
    const cameIn = within(dialog).getByRole('region', { name: 'Came in' });
    expect(within(cameIn).getByText('3 people added to the archive')).toBeInTheDocument();
    expect(within(cameIn).getByText('1 person was already in the archive')).toBeInTheDocument();
    expect(within(cameIn).getByText('1 partnership and 2 child ties')).toBeInTheDocument();
    const skipped = within(dialog).getByRole('region', { name: 'Skipped' });
    expect(within(skipped).getByText('A third birth parent for Karl Lindqvist')).toBeInTheDocument();
    expect(within(skipped).getByText('Line 31')).toBeInTheDocument();
    const missing = within(dialog).getByRole('region', { name: 'Missing files' });
    expect(within(missing).getByText(/photos\/anna\.jpg/)).toBeInTheDocument();
    expect(within(dialog).getByText(/31 FEB 1900/)).toBeInTheDocument();
    expect(within(dialog).getByText('RootsMagic · GEDCOM 5.5.1 · ANSEL')).toBeInTheDocument();
  });

  it('shows the sentence of a refused file and lets another be chosen', async () => {
    backEnd({ code: 400, body: { message: 'This file is not a GEDCOM file: it has no header (line 1).' } });
    const dialog = await importFile('notes.ged');
    expect(
      await within(dialog).findByText('This file is not a GEDCOM file: it has no header (line 1).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeEnabled();
  });

  it('says why an import failed', async () => {
    backEnd({ code: 202, body: status({}) }, [
      status({ status: 'failed', error: 'The import stopped unexpectedly. Nothing was kept; please try again.' }),
    ]);
    const dialog = await importFile();
    expect(await within(dialog).findByText(/Nothing was kept; please try again\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

describe('the import report', () => {
  it('reads each line as a whole sentence about people, its line below, and opens a long group on request', async () => {
    const skipped = Array.from({ length: 8 }, (_, index) => ({
      line: 100 + index,
      reason: `Line ${100 + index}: Ednyfed ap Llywarch Gam (about 995 – 1076) already has two birth parents, so Parent ${index} (born 970) cannot be one too; the child tie is skipped.`,
    }));
    const view = renderWithProviders(<GedcomReport report={{ ...report, skipped }} />);
    const group = screen.getByRole('region', { name: 'Skipped' });
    expect(within(group).getByRole('heading', { name: 'Skipped (8)' })).toBeInTheDocument();
    const items = () => within(group).getAllByRole('listitem');
    expect(items()).toHaveLength(5);
    expect(items()[0]).toHaveTextContent(
      /^Ednyfed ap Llywarch Gam \(about 995 – 1076\) already has two birth parents, so Parent 0 \(born 970\) cannot be one too; the child tie is skipped\.Line 100$/,
    );
    const more = within(group).getByRole('button', { name: 'Show all 8' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(more);
    expect(items()).toHaveLength(8);
    expect(within(group).getByText('Line 107')).toBeInTheDocument();
    await view.user.click(within(group).getByRole('button', { name: 'Show fewer' }));
    expect(items()).toHaveLength(5);
    // A short group has nothing to open.
    expect(within(screen.getByRole('region', { name: 'Worth a look' })).queryByRole('button')).toBeNull();
  });
});

describe('Download GEDCOM', () => {
  it('downloads with living people as names only, unless another choice is made', async () => {
    backEnd({ code: 404, body: {} });
    const { user } = renderWithProviders(<GedcomActions />);
    await user.click(screen.getByRole('button', { name: 'Download GEDCOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download GEDCOM' });
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/family/gedcom?living=names');
    await user.click(within(dialog).getByLabelText('Leave living people out'));
    expect(download).toHaveAttribute('href', '/api/family/gedcom?living=exclude');
    await user.click(within(dialog).getByLabelText(/^Everything/));
    expect(download).toHaveAttribute('href', '/api/family/gedcom?living=full');
    await waitFor(() => expect(download).toHaveAttribute('download', 'family.ged'));
  });
});
