import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserProfile } from '@family/contract';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useMemories } from '../api/use-memories';
import { AddMemoryDialog } from './add-memory-dialog';
import { MemoryList } from './memory-list';
import { ProfileSectionCard } from '../../../components/profile-section-card';

/** docs/product.md "Profile": the profile shows the first 3; 'See All' when there are more. */
export const MEMORIES_ON_PROFILE = 3;

type MemoriesCardProps = {
  user: Pick<UserProfile, 'id'>;
  own: boolean;
  /**
   * The profile of a person without an account: anyone adds memories about them (docs/product.md "A person
   * without an account"), and each writer deletes their own. The signed-in person's id.
   */
  writerId?: number;
};

export function MemoriesCard({ user, own, writerId }: MemoriesCardProps) {
  const canWrite = own || writerId !== undefined;
  const { memories, error, isLoading, retry } = useMemories(user.id);
  const [adding, setAdding] = useState(false);

  const action = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {memories && memories.length > MEMORIES_ON_PROFILE && (
        <Button component={RouterLink} to={paths.userMemories.getHref(user.id)} variant="text">
          See All
        </Button>
      )}
      {canWrite && (
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add memory
        </Button>
      )}
    </Box>
  );

  return (
    <ProfileSectionCard title="Memories" action={action}>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label="Loading memories" />
        </Box>
      ) : error || !memories ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" onClick={retry}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'Could not load the memories.')}
        </Alert>
      ) : memories.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {canWrite ? 'No memories yet. Add the first one!' : 'No memories yet.'}
        </Typography>
      ) : (
        <MemoryList memories={memories.slice(0, MEMORIES_ON_PROFILE)} canDelete={own || (writerId ?? false)} />
      )}
      {canWrite && (
        <AddMemoryDialog open={adding} onClose={() => setAdding(false)} personId={own ? undefined : user.id} />
      )}
    </ProfileSectionCard>
  );
}
