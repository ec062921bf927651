import ArticleIcon from '@mui/icons-material/Article';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AlbumPreviewItem } from '@family/contract';
import { visuallyHidden } from '../../../components/visually-hidden';

const PREVIEW_SIZE = 4;

function TypeIcon({ type }: { type: string }) {
  const sx = { fontSize: 32, color: 'text.secondary' };
  if (type === 'video') return <MovieIcon sx={sx} />;
  if (type === 'audio') return <AudiotrackIcon sx={sx} />;
  if (type === 'document') return <DescriptionIcon sx={sx} />;
  if (type === 'post') return <ArticleIcon sx={sx} />;
  return <ImageIcon sx={sx} />;
}

/** The first few items of an album as small squares: thumbnails, or an icon of the item's kind. */
export function AlbumPreview({ items }: { items: AlbumPreviewItem[] }) {
  const shown = items.slice(0, PREVIEW_SIZE);
  if (shown.length === 0) {
    return (
      <Box
        sx={{
          height: 96,
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          color: 'text.secondary',
        }}
      >
        <PhotoLibraryIcon />
        <Typography variant="body2">Nothing in this album yet</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="First items in the album"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${PREVIEW_SIZE}, 1fr)`, gap: 1, p: 0, m: 0 }}
    >
      {shown.map((item) => (
        <Box
          component="li"
          key={item.id}
          sx={{
            listStyle: 'none',
            aspectRatio: '1 / 1',
            borderRadius: 1,
            overflow: 'hidden',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {item.thumbnailUrl ? (
            <Box
              component="img"
              src={item.thumbnailUrl}
              alt={item.title}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Box title={item.title} sx={{ display: 'flex' }}>
              <TypeIcon type={item.type} />
              <Box component="span" sx={visuallyHidden}>
                {item.title}
              </Box>
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
