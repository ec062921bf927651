import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import useSWR from 'swr';
import type { MediaPage } from '@family/contract';
import { justUploadedKey } from '../api/uploads';
import { mediaListId, useOpenMedia } from '../hooks/media-address';
import type { MediaDetailSlots } from '../types';
import { useOptionalUploadQueue, useOptionalUploadQueueState } from '../upload-queue/upload-queue-context';
import { RoutedMediaDialog } from './routed-media-dialog';
import { StripItems, ThumbnailStrip } from './thumbnail-strip';

/**
 * docs/product.md "Just uploaded": after a batch, above the gallery, what it brought in, whatever its date (an old
 * photo would otherwise vanish into its month far down), in one strip until dismissed.
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
    <ThumbnailStrip
      headingId={headingId}
      heading={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.1rem', fontWeight: 600 }}>
            Just uploaded
          </Typography>
          <IconButton aria-label="Dismiss Just uploaded" onClick={() => queue?.dismissJustUploaded()}>
            <CloseIcon />
          </IconButton>
        </Box>
      }
    >
      <StripItems items={items} onOpen={openItem} />
      <RoutedMediaDialog listId={listId} items={items} slots={detailSlots} />
    </ThumbnailStrip>
  );
}
