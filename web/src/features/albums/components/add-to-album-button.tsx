import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type MouseEvent } from 'react';
import { useMayEditItem } from '../../../lib/items-in-albums';
import type { AlbumMediaTarget } from '../types';
import { AddToAlbumDialog } from './add-to-album-dialog';

type AddToAlbumButtonProps = {
  item: AlbumMediaTarget;
  currentUserId: number;
  /** 'icon' in the detail dialog's header; 'button' (with its words) on a grid card. */
  variant?: 'icon' | 'button';
  onChanged?: () => unknown;
};

/**
 * 'Add to Album' for one media item, or 'Move to Album' when it is in one: opens the dialog. Shown only to those who
 * may edit the item (docs/rights.md "Items in albums"), so it never offers what the server would refuse.
 */
export function AddToAlbumButton({ item, currentUserId, variant = 'button', onChanged }: AddToAlbumButtonProps) {
  const [open, setOpen] = useState(false);
  const mayEdit = useMayEditItem(item);
  // Inside a clickable card the click must not also open the card.
  const openDialog = (event: MouseEvent) => {
    event.stopPropagation();
    setOpen(true);
  };
  const action = item.albumId === null ? 'Add to Album' : 'Move to Album';
  const label = item.title ? `${action}: ${item.title}` : action;
  if (!mayEdit) return null;

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={action}>
          <IconButton aria-label={action} onClick={openDialog}>
            <LibraryAddIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={openDialog} aria-label={label}>
          {action}
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
