import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { QueueReport } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { retryJob, useQueue } from '../api/use-operator';
import { AdminSection } from './admin-section';
import { formatTime } from './format';

const TITLES: Record<QueueReport['queue'], string> = {
  media: 'Media jobs',
  family: 'Family jobs',
};

/** One service's queue: waiting, running and failed per kind, and the failed jobs with their sentence and Retry. */
export function QueueSection({ queue }: { queue: QueueReport['queue'] }) {
  const { data, error, isLoading, refresh } = useQueue(queue);
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const onRetry = async (id: string) => {
    setBusy(id);
    try {
      await retryJob(queue, id);
      toast({ title: 'Queued again', description: 'The job waits for a worker.' });
      await refresh();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminSection id={`queue-${queue}`} title={TITLES[queue]} error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <>
          <List dense disablePadding aria-label={`${TITLES[queue]} by kind`}>
            {data.kinds.map((kind) => (
              <ListItem key={kind.kind} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {kind.kind}:
                </Typography>
                <Typography component="span">
                  {kind.waiting} waiting, {kind.running} running, {kind.failed} failed
                </Typography>
              </ListItem>
            ))}
          </List>
          {data.failed.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No failed jobs.</Typography>
          ) : (
            <List disablePadding aria-label={`Failed ${TITLES[queue].toLowerCase()}`}>
              {data.failed.map((job) => (
                <ListItem
                  key={job.id}
                  disableGutters
                  divider
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                >
                  <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {job.kind}
                      {job.key ? ` ${job.key}` : ''} · failed {formatTime(job.failedAt)}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{job.message}</Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    onClick={() => void onRetry(job.id)}
                    disabled={busy !== null}
                    aria-label={`Retry ${job.kind}${job.key ? ` ${job.key}` : ''}`}
                  >
                    {busy === job.id ? 'Retrying…' : 'Retry'}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </AdminSection>
  );
}
