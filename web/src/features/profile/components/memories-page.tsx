import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { useUserProfile } from '../../../lib/queries/people';
import { useMemories } from '../api/use-memories';
import { AddMemoryDialog } from './add-memory-dialog';
import { MemoryList } from './memory-list';

type MemoriesPageProps = {
  userId: number;
  currentUserId: number;
};

/** /profile/{id}/memories: all of a person's memories, newest first, with a back link to the profile. */
export function MemoriesPage({ userId, currentUserId }: MemoriesPageProps) {
  const { user, error, isLoading, retry } = useUserProfile(userId);
  const memories = useMemories(userId);
  const [adding, setAdding] = useState(false);
  const own = userId === currentUserId;

  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error || !user)
    return <LoadError message={errorMessage(error, 'Could not load this profile.')} onRetry={retry} />;

  return (
    <>
      <Link
        component={RouterLink}
        to={paths.userProfile.getHref(user.id)}
        sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, mb: 2 }}
      >
        {own ? 'Back to your profile' : `Back to ${user.displayName}'s profile`}
      </Link>
      <PageHeading
        title="Memories"
        subtitle={user.displayName}
        actions={
          own && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add memory
            </Button>
          )
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {memories.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress aria-label="Loading memories" />
            </Box>
          ) : memories.error || !memories.memories ? (
            <Alert
              severity="error"
              variant="outlined"
              action={
                <Button color="inherit" onClick={memories.retry}>
                  Try again
                </Button>
              }
            >
              {errorMessage(memories.error, 'Could not load the memories.')}
            </Alert>
          ) : memories.memories.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No memories yet.</Typography>
          ) : (
            <MemoryList memories={memories.memories} canDelete={own} />
          )}
        </CardContent>
      </Card>
      {own && <AddMemoryDialog open={adding} onClose={() => setAdding(false)} />}
    </>
  );
}
