import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import useSWR from 'swr';
import type { OnThisDayGroup } from '@family/contract';
import { ON_THIS_DAY_KEY } from '../api/media-keys';
import { mediaListId, useOpenMedia } from '../hooks/media-address';
import type { MediaDetailSlots } from '../types';
import { RoutedMediaDialog } from './routed-media-dialog';
import { StripItems, ThumbnailStrip } from './thumbnail-strip';

const yearsAgoLabel = (years: number) => (years === 1 ? '1 year ago' : `${years} years ago`);

/**
 * docs/product.md "On this day": above the gallery, items from today's day and month in earlier years, by how
 * long ago, in one strip; nothing at all when there are none. Opened items move through these, newest year first.
 */
export function OnThisDay({ detailSlots }: { detailSlots?: MediaDetailSlots }) {
  const headingId = useId();
  const listId = mediaListId(useId());
  const openItem = useOpenMedia(listId);
  const { data: groups } = useSWR<OnThisDayGroup[]>(ON_THIS_DAY_KEY);
  const items = useMemo(() => (groups ?? []).flatMap((group) => group.items), [groups]);

  if (!groups || groups.length === 0) return null;
  return (
    <ThumbnailStrip
      headingId={headingId}
      heading={
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          On this day
        </Typography>
      }
    >
      {groups.map((group) => (
        <Box key={group.yearsAgo} sx={{ flex: 'none' }}>
          <Typography
            variant="body2"
            component="h3"
            sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5, whiteSpace: 'nowrap' }}
          >
            {yearsAgoLabel(group.yearsAgo)}
          </Typography>
          <StripItems items={group.items} onOpen={openItem} />
        </Box>
      ))}
      <RoutedMediaDialog listId={listId} items={items} slots={detailSlots} />
    </ThumbnailStrip>
  );
}
