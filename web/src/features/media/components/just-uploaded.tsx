import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import useSWR from 'swr';
import type { MediaPage } from '@family/contract';
import { justUploadedKey } from '../api/uploads';
import { mediaListId, useOpenMedia } from '../hooks/media-address';
import type { MediaDetailSlots } from '../types';
import { useOptionalUploadQueue, useOptionalUploadQueueState } from '../upload-queue/upload-queue-context';
import { MediaPreview } from './media-preview';
import { RoutedMediaDialog } from './routed-media-dialog';

/**
 * docs/product.md "Just uploaded": after a batch, above the gallery, what it brought in, whatever its date (an old
 * photo would otherwise vanish into its month far down), until dismissed.
 */
export function JustUploaded({ detailSlots }: { detailSlots?: MediaDetailSlots }) {
  const headingId = useId();
  const listId = mediaListId(useId());
  const openItem = useOpenMedia(listId);
  const queue = useOptionalUploadQueue();
  const { justUploadedSince } = useOptionalUploadQueueState();
  const since = justUploadedSince;
  const { data } = useSWR<MediaPage>(since ? justUploadedKey(since) : null);
  const items = data?.items ?? [];

  if (!since || items.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flex: 1 }}>
          Just uploaded
        </Typography>
        <IconButton aria-label="Dismiss Just uploaded" onClick={() => queue?.dismissJustUploaded()}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))',
          gap: 1.5,
        }}
      >
        {items.map((item) => (
          <li key={item.id}>
            <ButtonBase
              onClick={() => openItem(item)}
              aria-label={`Open ${item.title}`}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                borderRadius: 1,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <MediaPreview item={item} height="6.5rem" compact />
              <Typography variant="body2" sx={{ px: 1, py: 0.5, overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
            </ButtonBase>
          </li>
        ))}
      </Box>
      <RoutedMediaDialog listId={listId} items={items} slots={detailSlots} />
    </Paper>
  );
}
