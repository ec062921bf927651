import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { errorMessage } from '../../../lib/api';
import { UploadCancelledError, type UploadHandle, type UploadProgress } from '../../../lib/upload-with-progress';
import type { ImportJob } from '@family/contract';
import { startTakeoutImport, useTakeoutImport } from '../api/takeout-import';
import { ImportReport } from './import-report';

const percent = (progress: { done: number; total: number } | UploadProgress) => {
  const [part, whole] = 'done' in progress ? [progress.done, progress.total] : [progress.loaded, progress.total];
  return whole > 0 ? Math.min(100, Math.round((100 * part) / whole)) : 0;
};

/**
 * "Bring an archive in" on one's own profile (docs/product.md "Bring an archive in"): choose the ZIP an export
 * made, watch it upload, then the import's progress, then its report. Leaving the page lets it run on the server.
 */
export function ImportArchiveCard() {
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<UploadProgress | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useRef<UploadHandle<ImportJob> | null>(null);
  const { job, error } = useTakeoutImport(importId);
  const sending = sent !== null;
  const finished = job?.status === 'ready' || job?.status === 'failed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRefused(null);
    setSent({ loaded: 0, total: file.size });
    upload.current = startTakeoutImport(file, setSent);
    try {
      setImportId((await upload.current.promise).id);
    } catch (e) {
      if (!(e instanceof UploadCancelledError)) {
        setRefused(errorMessage(e, 'The export could not be sent. Please try again.'));
      }
    } finally {
      upload.current = null;
      setSent(null);
    }
  };

  // What came in shows on every list (the profile's own cards included) as soon as the import is done.
  const ready = job?.status === 'ready';
  useEffect(() => {
    if (ready) void mutate((key) => typeof key !== 'string' || !key.startsWith('/api/imports'));
  }, [ready, mutate]);

  const again = () => {
    setImportId(null);
    setFile(null);
  };

  return (
    <ProfileSectionCard title="Bring an archive in">
      {importId === null && (
        <Box component="form" onSubmit={(e) => void submit(e)} aria-label="Bring an archive in">
          <Typography sx={{ mb: 2 }}>
            Choose the ZIP that &ldquo;Download everything&rdquo; made, here or in another family archive. Its photos,
            videos, posts and albums come in as yours, with the people tagged who are here; bringing the same ZIP in
            again adds nothing.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" component="label" disabled={sending}>
              Choose the ZIP
              <input
                hidden
                type="file"
                aria-label="Export ZIP"
                accept=".zip,application/zip"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setRefused(null);
                }}
              />
            </Button>
            <Button type="submit" variant="contained" disabled={!file || sending}>
              Bring it in
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {file ? file.name : 'No file chosen'}
          </Typography>
          {sent && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                Sending the ZIP… {percent(sent)}%
              </Typography>
              <LinearProgress variant="determinate" value={percent(sent)} aria-label="Sending the ZIP" />
              <Button size="small" sx={{ mt: 1 }} onClick={() => upload.current?.cancel()}>
                Cancel
              </Button>
            </Box>
          )}
          {refused && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refused}
            </Alert>
          )}
        </Box>
      )}
      {importId !== null && !finished && (
        <Box>
          <Typography sx={{ mb: 1 }}>
            {job && job.progress.total > 0
              ? `Bringing in ${job.progress.done} of ${job.progress.total}…`
              : 'Reading the archive…'}
          </Typography>
          <LinearProgress
            variant={job && job.progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={job ? percent(job.progress) : 0}
            aria-label="Import progress"
          />
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            It goes on if you leave this page.
          </Typography>
          {error !== undefined && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {errorMessage(error, 'Could not read how the import is going; it goes on in the background.')}
            </Alert>
          )}
        </Box>
      )}
      {job?.status === 'failed' && <Alert severity="error">{job.error ?? 'The import failed.'}</Alert>}
      {job?.status === 'ready' && job.report && <ImportReport report={job.report} />}
      {finished && (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={again}>
          Bring in another
        </Button>
      )}
    </ProfileSectionCard>
  );
}
