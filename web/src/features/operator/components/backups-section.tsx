import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BackupRun } from '@family/contract';
import { useBackups } from '../api/use-operator';
import { AdminSection } from './admin-section';
import { formatTime } from './format';

function runText(run: BackupRun): string {
  const when = formatTime(run.scheduledFor);
  if (run.status === 'running') return `${when}: writing the backup…`;
  if (run.status === 'failed') return `${when}: ${run.message ?? 'failed.'}`;
  return `${when}: written to ${run.folder ?? 'its folder'} and verified: ${run.message ?? ''}`;
}

/** The backup schedule, the last backup and its verification (a folder that cannot be written shows here too). */
export function BackupsSection() {
  const { data, error, isLoading, refresh } = useBackups();
  return (
    <AdminSection id="backups" title="Backups" error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {data.schedule
              ? `Backups run on “${data.schedule.cron}” (UTC) into ${data.schedule.folder}; the newest ${data.schedule.keep} are kept.`
              : 'Scheduled backups are off: set BACKUP_CRON and BACKUP_DIR (README "Backup"), or run scripts/backup from cron.'}
          </Typography>
          {data.runs.length > 0 && (
            <List dense disablePadding aria-label="Latest backups">
              {data.runs.map((run) => (
                <ListItem key={run.scheduledFor} disableGutters>
                  <Typography sx={{ overflowWrap: 'anywhere', fontWeight: run.status === 'failed' ? 700 : 400 }}>
                    {runText(run)}
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </AdminSection>
  );
}
