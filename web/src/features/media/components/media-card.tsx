import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { formatCalendarDate } from '../../../lib/calendar-date';
import { MediaPreview } from './media-preview';
import { MediaTypeIcon } from './media-type-icon';

type MediaCardProps = {
  item: MediaItem;
  onOpen: (item: MediaItem) => void;
  /** Shows the Tag Users button (docs/product.md "Media grid": when the grid is not scoped to an album). */
  onTagUsers?: (item: MediaItem) => void;
  /** More icon buttons beside Tag Users: the albums work puts 'Add to Album' here. */
  extraActions?: ReactNode;
  /** Whether the card is ticked (docs/product.md "Select many"); the checkbox shows when onSelect is given. */
  selected?: boolean;
  /** `range` is true when shift was held: everything from the last ticked card to this one follows. */
  onSelect?: (item: MediaItem, range: boolean) => void;
};

/**
 * A grid card: mostly the picture, with the title and date below and the card's actions as small icon buttons
 * at their right (docs/product.md "Media grid"). Clicking the picture or title opens the item.
 */
export function MediaCard({ item, onOpen, onTagUsers, extraActions, selected = false, onSelect }: MediaCardProps) {
  const hasActions = Boolean(onTagUsers || extraActions);
  const date = formatCalendarDate(item.mediaDate);
  const select = (event: ChangeEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as Partial<MouseEvent>;
    onSelect?.(item, native.shiftKey === true);
  };

  return (
    <Card
      component="article"
      aria-label={item.title}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        outline: selected ? '3px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -3,
      }}
    >
      <CardActionArea
        onClick={() => onOpen(item)}
        // The name holds the text shown on it, title then date (docs/conventions.md "Accessibility").
        aria-label={`Open ${item.title}, ${date}`}
        // Cards in a row share the tallest one's height: keep the picture at the top, not centred.
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <MediaPreview item={item} />
        <CardContent
          // Room on the right for the action buttons, which sit beside the title rather than in a row of their own.
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1,
            py: 1.5,
            pr: hasActions ? 13 : 2,
            '&:last-child': { pb: 1.5 },
          }}
        >
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
      {onSelect && (
        // Over the picture's corner, on a light disc so it shows on dark and light photos alike.
        <Checkbox
          checked={selected}
          onChange={select}
          slotProps={{ input: { 'aria-label': `Select ${item.title}` } }}
          sx={{
            position: 'absolute',
            top: 6,
            left: 6,
            width: 44,
            height: 44,
            bgcolor: 'rgba(255, 255, 255, 0.88)',
            borderRadius: '50%',
            '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.97)' },
          }}
        />
      )}
      {hasActions && (
        <Box sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', gap: 0.5 }}>
          {onTagUsers && (
            <Tooltip title="Tag Users">
              <IconButton aria-label="Tag Users" onClick={() => onTagUsers(item)} sx={{ width: 44, height: 44 }}>
                <PersonAddAlt1OutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          {extraActions}
        </Box>
      )}
    </Card>
  );
}
