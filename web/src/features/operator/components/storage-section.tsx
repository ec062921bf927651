import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useStorage } from '../api/use-operator';
import { AdminSection } from './admin-section';
import { formatBytes } from './format';

const KINDS: Record<string, string> = {
  photo: 'photos',
  video: 'videos',
  audio: 'recordings',
  document: 'documents',
  post: 'posts',
};

/** Originals per member and kind, largest first, with the archive's total. */
export function StorageSection() {
  const { data, error, isLoading, refresh } = useStorage();
  return (
    <AdminSection id="storage" title="Storage" error={error} onRetry={refresh}>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <>
          <Typography>
            {data.totalItems.toLocaleString('en')} items, {formatBytes(data.totalBytes)} of originals in all.
          </Typography>
          {data.uses.length > 0 && (
            <List dense disablePadding aria-label="Storage per member and kind">
              {data.uses.map((use) => (
                <ListItem key={`${use.person.id}-${use.type}`} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                  <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {use.person.displayName}, {KINDS[use.type] ?? use.type}:
                  </Typography>
                  <Typography component="span">
                    {use.items.toLocaleString('en')} · {formatBytes(use.bytes)}
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
