import DownloadIcon from '@mui/icons-material/Download';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MediaItem } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useMayEditItem } from '../../../lib/items-in-albums';
import { useReprocessMedia } from '../api/use-reprocess-media';
import { LivePhoto } from './live-photo';
import { MediaTypeIcon } from './media-type-icon';
import { PictureWithFaces } from './picture-with-faces';

/**
 * The item itself in the detail dialog (docs/product.md "Media detail dialog"): the preview of a photo (the
 * original, or a JPEG of it browsers show, only on "View full size"; a Motion or Live Photo's motion on hover or hold), the playable file of a video or recording with its poster, or the document
 * to open; "Preparing…" until the worker is done, why it failed when it failed; Download for every kind.
 */
export function MediaViewer({ item }: { item: MediaItem }) {
  if (!item.url) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Shown item={item} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {item.fullSizeUrl && (
          <Button
            component="a"
            // The original when browsers show it, else a full-resolution JPEG made of it (HEIC, TIFF...), never a
            // file the browser would only download.
            href={item.fullSizeUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            startIcon={<OpenInFullIcon />}
          >
            View full size
          </Button>
        )}
        {item.type === 'document' && (
          <Button
            component="a"
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            startIcon={<OpenInNewIcon />}
          >
            Open
          </Button>
        )}
        <Button component="a" href={`${item.url}?download=1`} download variant="outlined" startIcon={<DownloadIcon />}>
          Download
        </Button>
        {item.motionOriginalUrl && (
          <Button
            component="a"
            href={`${item.motionOriginalUrl}&download=1`}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download motion
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * At most 70% of the screen's height; 55% on a phone, whose buttons sit above the picture, so the whole picture
 * shows on the first screen even at 200% zoom (docs/product.md "Media detail dialog").
 */
const FRAME = {
  display: 'block',
  width: '100%',
  maxHeight: '70vh',
  // Below MUI's sm (600 px), where the dialog is full screen.
  '@media (max-width: 599.95px)': { maxHeight: '55vh' },
  borderRadius: 1,
} as const;

function Shown({ item }: { item: MediaItem }) {
  if (item.processing === 'pending' && item.type !== 'document') {
    return (
      <Box
        role="status"
        sx={{ ...FRAME, py: 6, display: 'grid', justifyItems: 'center', gap: 1, bgcolor: 'action.hover' }}
      >
        <HourglassEmptyIcon sx={{ fontSize: '3rem', color: 'primary.dark' }} />
        <Typography sx={{ fontWeight: 600 }}>Preparing…</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          It appears here by itself in a moment.
        </Typography>
      </Box>
    );
  }
  if (item.processing === 'failed') return <Failed item={item} />;
  switch (item.type) {
    case 'photo':
    case 'post':
      if (item.previewUrl && item.motionUrl) {
        return <LivePhoto item={{ ...item, previewUrl: item.previewUrl, motionUrl: item.motionUrl }} />;
      }
      return item.previewUrl ? (
        <PictureWithFaces item={{ ...item, previewUrl: item.previewUrl }} frame={FRAME} />
      ) : null;
    case 'video':
      // The playback route answers Range requests, so seeking works without loading the whole video.
      return (
        <Box
          component="video"
          src={item.playbackUrl ?? undefined}
          poster={item.previewUrl ?? undefined}
          controls
          preload="metadata"
          playsInline
          aria-label={item.title}
          sx={{ ...FRAME, bgcolor: 'common.black' }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          src={item.playbackUrl ?? undefined}
          controls
          preload="metadata"
          aria-label={item.title}
          sx={{ display: 'block', width: '100%' }}
        />
      );
    case 'document':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
          <MediaTypeIcon type="document" decorative sx={{ fontSize: '3rem', color: 'primary.dark' }} />
        </Box>
      );
  }
}

/** Why the item could not be prepared, and "Try again" for whoever may edit it. The original stays downloadable. */
function Failed({ item }: { item: MediaItem }) {
  const canEdit = useMayEditItem(item);
  const reprocess = useReprocessMedia(item.id);
  const { toast } = useToast();
  const tryAgain = async () => {
    try {
      await reprocess.trigger();
    } catch (problem) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(problem) });
    }
  };
  return (
    <Alert
      severity="warning"
      action={
        canEdit ? (
          <Button
            color="inherit"
            size="small"
            startIcon={<ReplayIcon />}
            onClick={() => void tryAgain()}
            disabled={reprocess.isMutating}
          >
            Try again
          </Button>
        ) : undefined
      }
    >
      {item.processingError ?? 'This item could not be prepared.'} You can still download the original.
    </Alert>
  );
}
