import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { MediaItem } from '@family/contract';
import { MediaTypeIcon, mediaTypeLabel } from './media-type-icon';

type MediaPreviewProps = {
  item: MediaItem;
  /** docs/product.md "Media grid": 12rem in the grid. */
  height?: string | number;
  /** A small square (profile lists): the icon only. */
  compact?: boolean;
};

/** The thumbnail (never the original) for photos and post images; a calm placeholder for everything else. */
export function MediaPreview({ item, height = '12rem', compact = false }: MediaPreviewProps) {
  const [failed, setFailed] = useState(false);
  if (item.thumbnailUrl && !failed) {
    return (
      <Box
        component="img"
        src={item.thumbnailUrl}
        alt={item.title}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'action.hover' }}
      />
    );
  }
  return (
    <Box
      role="img"
      aria-label={`${mediaTypeLabel(item.type)}: ${item.title}`}
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: compact ? 0 : 1,
        bgcolor: 'action.hover',
        color: 'primary.dark',
      }}
    >
      <MediaTypeIcon type={item.type} decorative sx={{ fontSize: compact ? '2rem' : '4rem' }} />
      {!compact && (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }} aria-hidden>
          {mediaTypeLabel(item.type)}
        </Typography>
      )}
    </Box>
  );
}
