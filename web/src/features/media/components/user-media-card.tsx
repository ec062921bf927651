import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';
import type { MediaItem, MediaPage } from '@family/contract';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { mediaDateInWords } from '../utils/item-date';
import { mediaListPath } from '../api/media-keys';
import type { MediaDetailSlots } from '../types';
import { MediaDetailDialog } from './media-detail-dialog';
import { MediaPreview } from './media-preview';

/** docs/product.md "Profile": a profile shows 5 items; 'See All' when there are more. */
export const MEDIA_ON_PROFILE = 5;

type UserMediaCardProps = {
  userId: number;
  kind: 'uploaded' | 'tagged';
  /** Defaults to 'Uploaded Media' / 'Tagged Media'. */
  title?: string;
  detailSlots?: MediaDetailSlots;
};

/**
 * A profile card: the person's first five uploaded (or tagged) items, each opening the media detail dialog,
 * and 'See All' to /profile/{id}/uploaded (or /tagged) when there are more.
 * Each row is one big tap target with no buttons of its own (a phone has no room beside the picture and title):
 * Tag Users and Add to Album are in the detail dialog's header here, and on the cards of the See All page.
 */
export function UserMediaCard({ userId, kind, title, detailSlots }: UserMediaCardProps) {
  const headingId = useId();
  const [opened, setOpened] = useState<MediaItem | null>(null);
  // One more than shown tells whether there are more.
  const key = mediaListPath(
    kind === 'uploaded' ? { uploadedBy: userId } : { taggedUserId: userId },
    {},
    { limit: MEDIA_ON_PROFILE + 1 },
  );
  const { data, error, isLoading, mutate } = useSWR<MediaPage, Error>(key, { revalidateOnMount: true });
  const items = data?.items ?? [];
  const heading = title ?? (kind === 'uploaded' ? 'Uploaded Media' : 'Tagged Media');
  const seeAll = kind === 'uploaded' ? paths.userUploaded.getHref(userId) : paths.userTagged.getHref(userId);

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 2,
          }}
        >
          <Typography id={headingId} variant="h5" component="h2">
            {heading}
          </Typography>
          {items.length > MEDIA_ON_PROFILE && (
            <Button component={RouterLink} to={seeAll} variant="text">
              See All
            </Button>
          )}
        </Box>
        {isLoading && !data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={`Loading ${heading.toLowerCase()}`} />
          </Box>
        ) : error && !data ? (
          <Alert
            severity="error"
            variant="outlined"
            action={
              <Button color="inherit" onClick={() => mutate()}>
                Try again
              </Button>
            }
          >
            {errorMessage(error, 'Could not load the media.')}
          </Alert>
        ) : items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No media yet.</Typography>
        ) : (
          <List disablePadding aria-label={heading}>
            {items.slice(0, MEDIA_ON_PROFILE).map((item) => (
              <ListItem key={item.id} disablePadding>
                <ListItemButton onClick={() => setOpened(item)} sx={{ gap: 2, borderRadius: 1, px: 1 }}>
                  <Box sx={{ width: 64, height: 64, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                    <MediaPreview item={item} height={64} compact />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {mediaDateInWords(item)}
                    </Typography>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <MediaDetailDialog item={opened} open={opened !== null} onClose={() => setOpened(null)} slots={detailSlots} />
    </Card>
  );
}
