import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../../lib/api';
import { startGedcomImport, useGedcomImport } from '../api/gedcom-import';
import { GedcomReport } from './gedcom-report';

type Props = { open: boolean; onClose: () => void };

/**
 * "Import from a genealogy program": choose a .ged or a ZIP of the program's export folder, watch the import
 * run, read the report. Closing while it runs leaves it running (the server does the work).
 */
export function GedcomImportDialog({ open, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const { status, error } = useGedcomImport(importId);
  const done = status?.status === 'done';
  const failed = status?.status === 'failed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSending(true);
    setRefused(null);
    try {
      setImportId((await startGedcomImport(file)).id);
    } catch (e) {
      setRefused(errorMessage(e, 'The file could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    // New people and ties show on every list the moment the dialog closes.
    if (done) void mutate(() => true);
    setFile(null);
    setRefused(null);
    setImportId(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="gedcom-import-title"
    >
      <DialogTitle id="gedcom-import-title">Import from a genealogy program</DialogTitle>
      <DialogContent>
        {importId === null && (
          <Box component="form" id="gedcom-import-form" onSubmit={(e) => void submit(e)}>
            <Typography sx={{ mb: 2 }}>
              Export a GEDCOM file (.ged) from your genealogy program and choose it here. To bring the photos and
              documents too, choose a ZIP of the program&apos;s export folder. People already in the archive are not
              added twice.
            </Typography>
            <Button variant="outlined" component="label" disabled={sending}>
              Choose a file
              <input
                hidden
                type="file"
                aria-label="GEDCOM file or ZIP"
                accept=".ged,.gdz,.zip"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setRefused(null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
            {sending && <LinearProgress sx={{ mt: 2 }} aria-label="Sending the file" />}
            {refused && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refused}
              </Alert>
            )}
          </Box>
        )}
        {importId !== null && !done && !failed && (
          <Box>
            <Typography sx={{ mb: 1 }}>{status?.stage ?? 'Waiting to start'}</Typography>
            <LinearProgress variant="determinate" value={status?.progress ?? 0} aria-label="Import progress" />
            {error !== undefined && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {errorMessage(error, 'Could not read how the import is going; it goes on in the background.')}
              </Alert>
            )}
          </Box>
        )}
        {failed && <Alert severity="error">{status?.error ?? 'The import failed.'}</Alert>}
        {done && status?.report && <GedcomReport report={status.report} />}
      </DialogContent>
      <DialogActions>
        {importId === null ? (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" form="gedcom-import-form" variant="contained" disabled={!file || sending}>
              Import
            </Button>
          </>
        ) : (
          <Button onClick={close} variant={done || failed ? 'contained' : 'text'}>
            {done || failed ? 'Close' : 'Close, and let it run'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
