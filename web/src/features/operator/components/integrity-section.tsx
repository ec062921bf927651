import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { IntegrityFinding, IntegrityProblem, IntegrityReport } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { startIntegrityCheck, useIntegrity } from '../api/use-operator';
import { AdminSection } from './admin-section';
import { formatTime } from './format';

const PROBLEMS: Record<IntegrityProblem, string> = {
  missing: 'missing',
  size: 'of another size',
  sha256: 'changed',
  orphan: 'without an item',
  remade: 'derivatives remade',
};

function summary(report: IntegrityReport): string {
  const kind = report.deep ? 'Deep check' : 'Check';
  if (report.status === 'waiting') return `${kind} asked for ${formatTime(report.createdAt)}: waiting for the worker.`;
  if (report.status === 'running') return `${kind} running: ${report.itemsChecked.toLocaleString('en')} items so far.`;
  if (report.status === 'failed') return `${kind} of ${formatTime(report.createdAt)} failed: ${report.error ?? ''}`;
  const found = (Object.keys(PROBLEMS) as IntegrityProblem[])
    .filter((problem) => report.counts[problem] > 0)
    .map((problem) => `${report.counts[problem]} ${PROBLEMS[problem]}`);
  return `${kind} of ${formatTime(report.finishedAt ?? report.createdAt)}: ${report.itemsChecked.toLocaleString('en')} items, ${report.filesChecked.toLocaleString('en')} files; ${found.length === 0 ? 'everything is in order.' : `${found.join(', ')}.`}`;
}

function findingText(finding: IntegrityFinding): string {
  if (!finding.item) return `${finding.objectKey}: ${finding.detail}`;
  return `“${finding.item.title}” by ${finding.item.uploader.displayName}: ${finding.detail}`;
}

/** The newest integrity report, and buttons to run a check (sizes) or a deep one (every byte). */
export function IntegritySection() {
  const { data, error, isLoading, refresh } = useIntegrity();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const unfinished = data?.status === 'waiting' || data?.status === 'running';

  const onStart = async (deep: boolean) => {
    setBusy(true);
    try {
      await startIntegrityCheck(deep);
      toast({ title: 'Check asked for', description: 'The report shows here when it ends. Nothing is deleted.' });
      await refresh();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminSection id="integrity" title="Integrity" error={error} onRetry={refresh}>
      {isLoading || data === undefined ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <>
          <Typography>{data === null ? 'No check has run yet.' : summary(data)}</Typography>
          {data && data.findings.length > 0 && (
            <List dense disablePadding aria-label="Integrity findings">
              {data.findings.map((finding) => (
                <ListItem key={finding.id} disableGutters>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{findingText(finding)}</Typography>
                </ListItem>
              ))}
            </List>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" disabled={busy || unfinished} onClick={() => void onStart(false)}>
              Check now
            </Button>
            <Button variant="outlined" disabled={busy || unfinished} onClick={() => void onStart(true)}>
              Deep check (reads every byte)
            </Button>
          </Box>
        </>
      )}
    </AdminSection>
  );
}
