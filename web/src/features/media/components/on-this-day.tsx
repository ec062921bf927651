import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import useSWR from 'swr';
import type { OnThisDayGroup } from '@family/contract';
import { ON_THIS_DAY_KEY } from '../api/media-keys';
import { mediaListId, useOpenMedia } from '../hooks/media-address';
import type { MediaDetailSlots } from '../types';
import { MediaPreview } from './media-preview';
import { RoutedMediaDialog } from './routed-media-dialog';

const yearsAgoLabel = (years: number) => (years === 1 ? '1 year ago' : `${years} years ago`);

/**
 * docs/product.md "On this day": above the gallery, items from today's day and month in earlier years, by how
 * long ago; nothing at all when there are none. Opened items move through these, newest year first.
 */
export function OnThisDay({ detailSlots }: { detailSlots?: MediaDetailSlots }) {
  const headingId = useId();
  const listId = mediaListId(useId());
  const openItem = useOpenMedia(listId);
  const { data: groups } = useSWR<OnThisDayGroup[]>(ON_THIS_DAY_KEY);
  const items = useMemo(() => (groups ?? []).flatMap((group) => group.items), [groups]);

  if (!groups || groups.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        On this day
      </Typography>
      {groups.map((group) => (
        <Box key={group.yearsAgo} sx={{ mt: 1.5 }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {yearsAgoLabel(group.yearsAgo)}
          </Typography>
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
            {group.items.map((item) => (
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
        </Box>
      ))}
      <RoutedMediaDialog listId={listId} items={items} slots={detailSlots} />
    </Paper>
  );
}
