import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ChangeEvent, ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { mediaDateInWords } from '../utils/item-date';
import { MediaPreview } from './media-preview';

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
  /** On a phone the checkbox shows only while selecting, so it never covers a third of a small thumbnail. */
  selecting?: boolean;
};

/**
 * With a mouse, the controls over a picture show while it is pointed at or holds the focus, so a screen of
 * thumbnails stays pictures; on touch screens they always show.
 */
const onHover = { '@media (hover: hover)': { opacity: 0 } } as const;

/** A light disc under a control over a picture, so it shows on dark and light photos alike. */
const onPicture = { bgcolor: 'rgba(255, 255, 255, 0.88)', '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.97)' } };

/**
 * A grid card: a square thumbnail and nothing else written on it (docs/product.md "Media grid"); its button is named
 * 'Open {title}, {date}'. The card's actions and checkbox sit over the picture's corners from 600 px up; on a phone
 * the actions are in the detail dialog and the selection bar, and the checkbox shows once "Select" is pressed, so a
 * row of three stays all pictures.
 */
export function MediaCard({
  item,
  onOpen,
  onTagUsers,
  extraActions,
  selected = false,
  onSelect,
  selecting = false,
}: MediaCardProps) {
  const hasActions = Boolean(onTagUsers || extraActions);
  const date = mediaDateInWords(item);
  const select = (event: ChangeEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as Partial<MouseEvent>;
    onSelect?.(item, native.shiftKey === true);
  };

  return (
    <Box
      component="article"
      aria-label={item.title}
      sx={{
        position: 'relative',
        aspectRatio: '1 / 1',
        minWidth: 0,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        outline: selected ? '4px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: '-4px',
        '&:hover .over-picture, &:focus-within .over-picture': { opacity: 1 },
      }}
    >
      <ButtonBase
        onClick={() => onOpen(item)}
        aria-label={`Open ${item.title}, ${date}`}
        sx={{ display: 'block', width: '100%', height: '100%', textAlign: 'left' }}
      >
        <MediaPreview item={item} height="100%" />
      </ButtonBase>
      {onSelect && (
        <Checkbox
          checked={selected}
          onChange={select}
          className={selecting ? undefined : 'over-picture'}
          slotProps={{ input: { 'aria-label': `Select ${item.title}` } }}
          sx={{
            position: 'absolute',
            top: '2px',
            left: '2px',
            display: { xs: selecting ? 'inline-flex' : 'none', sm: 'inline-flex' },
            ...(selecting ? {} : onHover),
            width: 44,
            height: 44,
            borderRadius: '50%',
            // The box is drawn on its own small disc: the 44 px target stays, the picture stays mostly clear.
            // In px: the box stays inside a small thumbnail with large text.
            '& .MuiSvgIcon-root': { fontSize: '24px', borderRadius: '50%', ...onPicture, p: '2px' },
            '&:hover': { bgcolor: 'transparent' },
          }}
        />
      )}
      {hasActions && (
        <Box
          className="over-picture"
          sx={{
            position: 'absolute',
            right: 4,
            bottom: 4,
            display: { xs: 'none', sm: 'flex' },
            ...onHover,
            gap: 0.5,
            '& .MuiIconButton-root': { width: 44, height: 44, ...onPicture },
          }}
        >
          {onTagUsers && (
            <Tooltip title="Tag Users">
              <IconButton aria-label="Tag Users" onClick={() => onTagUsers(item)}>
                <PersonAddAlt1OutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          {extraActions}
        </Box>
      )}
    </Box>
  );
}
