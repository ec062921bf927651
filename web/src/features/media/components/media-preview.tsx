import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
// Concentric rings, as phones mark a Live Photo.
import MotionPhotosOnIcon from '@mui/icons-material/Adjust';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { MediaItem } from '@family/contract';
import { formatDuration, isPreparing } from '../utils/preparing';
import { MediaTypeIcon, mediaTypeLabel } from './media-type-icon';

type MediaPreviewProps = {
  item: MediaItem;
  /** The grid's square thumbnails fill their card ('100%', the default); the strips and lists give their own. */
  height?: string | number;
  /** A small square (profile lists): the icon only. */
  compact?: boolean;
};

/**
 * The thumbnail (never the original) of photos, post images and videos (their poster frame, with the length);
 * "Preparing…" while there is none yet (most photos have theirs from the upload on, docs/product.md "Media grid");
 * a calm placeholder for everything else.
 */
export function MediaPreview({ item, height = '100%', compact = false }: MediaPreviewProps) {
  const [failed, setFailed] = useState(false);
  if (isPreparing(item) && item.url && !item.thumbnailUrl) {
    return (
      <Placeholder label="Preparing…" height={height}>
        <HourglassEmptyIcon sx={{ fontSize: compact ? '2rem' : '3rem', ...iconFits }} />
        {!compact && <PictureCaption text="Preparing…" />}
      </Placeholder>
    );
  }
  if (item.thumbnailUrl && !failed) {
    return (
      <Box sx={{ position: 'relative', height }}>
        <Box
          component="img"
          src={item.thumbnailUrl}
          alt={item.title}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'action.hover' }}
        />
        {item.type === 'video' && !compact && <DurationBadge seconds={item.durationSeconds} />}
        {item.motionUrl && !compact && <MotionBadge />}
      </Box>
    );
  }
  return (
    <Placeholder label={`${mediaTypeLabel(item.type)}: ${item.title}`} height={height}>
      <MediaTypeIcon type={item.type} decorative sx={{ fontSize: compact ? '2rem' : '3rem', ...iconFits }} />
      {!compact && (
        <PictureCaption
          text={`${mediaTypeLabel(item.type)}${item.durationSeconds !== null ? ` · ${formatDuration(item.durationSeconds)}` : ''}`}
        />
      )}
    </Placeholder>
  );
}

/**
 * Text that is part of the picture, drawn by CSS rather than written in the page: the picture's name says it
 * already, and a card's button, named 'Open {title}, {date}', must hold all the text written inside it
 * (docs/conventions.md "Accessibility").
 */
const drawnText = { '&::after': { content: 'attr(data-caption)' } } as const;

/** A type's icon leaves room for its caption in a small square, whatever the text size. */
const iconFits = { maxWidth: '50%', maxHeight: '45%' } as const;

function PictureCaption({ text }: { text: string }) {
  return (
    <Typography
      component="span"
      variant="body2"
      aria-hidden
      data-caption={text}
      sx={{
        color: 'text.secondary',
        fontWeight: 600,
        maxWidth: '100%',
        px: 0.5,
        textAlign: 'center',
        overflowWrap: 'anywhere',
        ...drawnText,
      }}
    />
  );
}

function Placeholder({ label, height, children }: { label: string; height: string | number; children: ReactNode }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        color: 'primary.dark',
      }}
    >
      {children}
    </Box>
  );
}

/** A play sign and the length, over the poster's corner, as phones' galleries show videos. */
function DurationBadge({ seconds }: { seconds: number | null }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        right: 4,
        bottom: 4,
        display: 'flex',
        // In a small thumbnail at large zoom the sign goes over the words rather than past the picture's edge.
        flexWrap: 'wrap',
        justifyContent: 'center',
        maxWidth: 'calc(100% - 8px)',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(0, 0, 0, 0.72)',
        color: 'common.white',
        fontSize: '0.875rem',
        fontWeight: 600,
      }}
    >
      <PlayArrowIcon sx={{ fontSize: '1.1rem' }} aria-hidden />
      <Box
        component="span"
        aria-hidden
        data-caption={seconds === null ? 'Video' : formatDuration(seconds)}
        sx={drawnText}
      />
    </Box>
  );
}

/** "Live" over the picture's corner: the photo moves when opened (a Motion or Live Photo). */
function MotionBadge() {
  return (
    <Box
      data-testid="motion-badge"
      sx={{
        position: 'absolute',
        right: 4,
        bottom: 4,
        display: 'flex',
        // In a small thumbnail at large zoom the sign goes over the words rather than past the picture's edge.
        flexWrap: 'wrap',
        justifyContent: 'center',
        maxWidth: 'calc(100% - 8px)',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(0, 0, 0, 0.72)',
        color: 'common.white',
        fontSize: '0.875rem',
        fontWeight: 600,
      }}
    >
      <MotionPhotosOnIcon sx={{ fontSize: '1.1rem' }} aria-hidden />
      <Box component="span" aria-hidden data-caption="Live" sx={drawnText} />
    </Box>
  );
}
