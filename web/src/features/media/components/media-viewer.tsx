import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MediaItem } from '@family/contract';
import { MediaTypeIcon } from './media-type-icon';

/** The item itself in the detail dialog: the picture, a player, or the document to open. */
export function MediaViewer({ item }: { item: MediaItem }) {
  if (!item.url) return null;
  switch (item.type) {
    case 'photo':
    case 'post':
      return (
        <Box
          component="img"
          src={item.url}
          alt={item.title}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: '70vh',
            mx: 'auto',
            borderRadius: 1,
            objectFit: 'contain',
          }}
        />
      );
    case 'video':
      // The file route answers Range requests, so seeking works without loading the whole video.
      return (
        <Box
          component="video"
          src={item.url}
          controls
          preload="metadata"
          playsInline
          aria-label={item.title}
          sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
        />
      );
    case 'audio':
      return (
        <Box
          component="audio"
          src={item.url}
          controls
          preload="metadata"
          aria-label={item.title}
          sx={{ display: 'block', width: '100%' }}
        />
      );
    case 'document':
      return (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          <MediaTypeIcon type="document" decorative sx={{ fontSize: '3rem', color: 'primary.dark' }} />
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
          <Button
            component="a"
            href={`${item.url}?download=1`}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download
          </Button>
        </Box>
      );
  }
}
