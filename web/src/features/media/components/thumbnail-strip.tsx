import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { MediaPreview } from './media-preview';

/** A strip's thumbnails: small squares in px, so large text does not make the strip taller than a row. */
const STRIP_THUMBNAIL = 84;

/**
 * A compact strip above the gallery ("On this day", "Just uploaded"): one row that scrolls sideways, so it takes a
 * fifth of a phone's screen however many items it has (docs/product.md "On this day").
 */
export function ThumbnailStrip({
  headingId,
  heading,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ px: 1.5, pt: 1, pb: 1.5, mb: 1.5 }}>
      {heading}
      <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', overscrollBehaviorX: 'contain' }}>{children}</Box>
    </Paper>
  );
}

/** A row of a strip's thumbnails, each opening its item. */
export function StripItems({ items, onOpen }: { items: MediaItem[]; onOpen: (item: MediaItem) => void }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: '4px' }}>
      {items.map((item) => (
        <Box component="li" key={item.id} sx={{ flex: 'none' }}>
          <ButtonBase
            onClick={() => onOpen(item)}
            aria-label={`Open ${item.title}`}
            sx={{
              display: 'block',
              width: STRIP_THUMBNAIL,
              height: STRIP_THUMBNAIL,
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            <MediaPreview item={item} height="100%" compact />
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}
