import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ExportJob } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useDeleteExport } from '../api/use-exports';
import { formatDay, formatSize, SCOPE_LABELS } from '../utils/format';

/** One earlier export: what it holds, its size and expiry, Download and Delete. */
export function ExportRow({ job }: { job: ExportJob }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteExport();
  const { toast } = useToast();
  const made = formatDay(job.createdAt);

  const confirm = async () => {
    try {
      await remove.trigger(job.id);
      setConfirming(false);
      toast({ title: 'Export deleted' });
    } catch (error) {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>
          {SCOPE_LABELS[job.scope]}, {made}
        </Typography>
        <Typography variant="body2" color={job.status === 'failed' ? 'error' : 'text.secondary'}>
          {job.status === 'failed'
            ? job.error
            : `${formatSize(job.sizeBytes ?? 0)} · kept until ${job.expiresAt ? formatDay(job.expiresAt) : made}`}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {job.downloadUrl && (
          <Button variant="outlined" href={job.downloadUrl} download>
            Download
          </Button>
        )}
        <Button color="error" onClick={() => setConfirming(true)} aria-label={`Delete the export of ${made}`}>
          Delete
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Delete this export?"
        description="The ZIP is deleted from the archive. What it holds stays in the archive."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isMutating}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
