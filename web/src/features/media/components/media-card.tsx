import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { formatMediaDate } from '../utils/format';
import { MediaPreview } from './media-preview';
import { MediaTypeIcon } from './media-type-icon';

type MediaCardProps = {
  item: MediaItem;
  onOpen: (item: MediaItem) => void;
  /** Shows the Tag Users button (docs/product.md "Media grid": when the grid is not scoped to an album). */
  onTagUsers?: (item: MediaItem) => void;
  /** More buttons beside Tag Users: the albums work puts 'Add to Album' here. */
  extraActions?: ReactNode;
};

export function MediaCard({ item, onOpen, onTagUsers, extraActions }: MediaCardProps) {
  const date = formatMediaDate(item.mediaDate);
  return (
    <Card component="article" aria-label={item.title} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardActionArea
        onClick={() => onOpen(item)}
        // The name holds the text shown on it, title then date (docs/conventions.md "Accessibility").
        aria-label={`Open ${item.title}, ${date}`}
        // Cards in a row share the tallest one's height: keep the picture at the top, not centred.
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <MediaPreview item={item} />
        <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <MediaTypeIcon type={item.type} sx={{ color: 'primary.main', mt: 0.25 }} />
          <div style={{ minWidth: 0 }}>
            <Typography
              component="h2"
              variant="h6"
              sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere', lineHeight: 1.35 }}
            >
              {item.title}
            </Typography>{' '}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {date}
            </Typography>
          </div>
        </CardContent>
      </CardActionArea>
      {(onTagUsers || extraActions) && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {onTagUsers && (
            <Button variant="outlined" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => onTagUsers(item)}>
              Tag Users
            </Button>
          )}
          {extraActions}
        </CardActions>
      )}
    </Card>
  );
}
