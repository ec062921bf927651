import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ExportJob, ExportScope } from '@family/contract';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useExports, useStartExport } from '../api/use-exports';
import { SCOPE_LABELS } from '../utils/format';
import { ExportRow } from './export-row';

function Progress({ job }: { job: ExportJob }) {
  const { done, total } = job.progress;
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Box sx={{ my: 2 }}>
      <Typography id={`export-progress-${job.id}`} sx={{ mb: 1 }}>
        Packing {SCOPE_LABELS[job.scope]}: {done} of {total} items…
      </Typography>
      <LinearProgress
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={value}
        aria-labelledby={`export-progress-${job.id}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/**
 * "Download everything" on one's own profile (docs/product.md "Download everything"): choose what, start the
 * export, watch it being packed, download the ZIP; earlier exports with their expiry and Delete.
 */
export function DownloadEverythingCard() {
  const [scope, setScope] = useState<ExportScope>('mine');
  const { data: exports, error, mutate } = useExports();
  const start = useStartExport();
  const { toast } = useToast();
  const labelId = useId();
  const running = exports?.find((job) => job.status === 'running');

  const begin = async () => {
    try {
      await start.trigger(scope);
      toast({ title: 'Export started', description: 'You can leave this page; it keeps going.' });
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    }
  };

  return (
    <ProfileSectionCard title="Download everything">
      <Typography sx={{ mb: 2 }}>
        One ZIP with your photos, videos and documents as they were uploaded, posts, people, albums, the family tree
        (GEDCOM) and a page that shows it all without the archive. Kept for 7 days.
      </Typography>
      <Typography id={labelId} component="h3" variant="subtitle2">
        What to include
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={scope}
        onChange={(event) => setScope(event.target.value as ExportScope)}
        sx={{ mb: 1 }}
      >
        <FormControlLabel value="mine" control={<Radio />} label="My things: what I uploaded, my profile and albums" />
        <FormControlLabel value="family" control={<Radio />} label="Everything I can see in the archive" />
      </RadioGroup>
      <Button variant="contained" onClick={begin} disabled={Boolean(running) || start.isMutating}>
        {start.isMutating ? 'Starting…' : 'Start export'}
      </Button>
      {running && <Progress job={running} />}
      {error && (
        <Typography color="error" sx={{ mt: 2 }}>
          {errorMessage(error)}{' '}
          <Button size="small" onClick={() => void mutate()}>
            Try again
          </Button>
        </Typography>
      )}
      {exports && exports.some((job) => job.status !== 'running') && (
        <Box component="ul" aria-label="Your exports" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {exports
            .filter((job) => job.status !== 'running')
            .map((job) => (
              <ExportRow key={job.id} job={job} />
            ))}
        </Box>
      )}
    </ProfileSectionCard>
  );
}
