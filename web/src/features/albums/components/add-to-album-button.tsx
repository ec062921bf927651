import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type MouseEvent } from 'react';
import type { AlbumMediaTarget } from '../types';
import { AddToAlbumDialog } from './add-to-album-dialog';

type AddToAlbumButtonProps = {
  item: AlbumMediaTarget;
  currentUserId: number;
  /** 'icon' in the detail dialog's header; 'button' (with its words) on a grid card. */
  variant?: 'icon' | 'button';
  onChanged?: () => unknown;
};

/** 'Add to Album' for one media item: opens the Add to Album dialog. */
export function AddToAlbumButton({ item, currentUserId, variant = 'button', onChanged }: AddToAlbumButtonProps) {
  const [open, setOpen] = useState(false);
  // Inside a clickable card the click must not also open the card.
  const openDialog = (event: MouseEvent) => {
    event.stopPropagation();
    setOpen(true);
  };
  const label = item.title ? `Add to Album: ${item.title}` : 'Add to Album';

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title="Add to Album">
          <IconButton aria-label="Add to Album" onClick={openDialog}>
            <LibraryAddIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={openDialog} aria-label={label}>
          Add to Album
        </Button>
      )}
      <AddToAlbumDialog
        open={open}
        onClose={() => setOpen(false)}
        item={item}
        currentUserId={currentUserId}
        onChanged={onChanged}
      />
    </>
  );
}
