import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { canEditAlbum, useAlbums } from '../../../lib/queries/albums';
import { useAddToAlbum } from '../api/use-album-media';
import { useRefreshAlbums } from '../api/use-albums';
import type { AlbumMediaTarget } from '../types';

type AddToAlbumDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The media item to put into an album. */
  item: AlbumMediaTarget;
  currentUserId: number;
  /** Called after the item moved, so the media lists on screen refresh. */
  onChanged?: () => unknown;
};

/**
 * Add to Album: the albums one may add to (docs/rights.md "Items in albums": one's own, or Can Edit), without the album
 * the item is already in. 'Add to Album' waits until an album is chosen.
 */
export function AddToAlbumDialog({ open, onClose, item, currentUserId, onChanged }: AddToAlbumDialogProps) {
  const [albumId, setAlbumId] = useState('');
  const titleId = useId();
  const selectId = useId();
  const { albums, isLoading } = useAlbums(open);
  const addToAlbum = useAddToAlbum();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();
  const busy = addToAlbum.isMutating;

  const choices = useMemo(
    () => albums.filter((album) => album.id !== item.albumId && canEditAlbum(album, currentUserId)),
    [albums, item.albumId, currentUserId],
  );
  const chosen = choices.find((album) => String(album.id) === albumId) ?? null;

  const close = () => {
    if (busy) return;
    setAlbumId('');
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !chosen) return;
    try {
      await addToAlbum.trigger({ albumId: Number.parseInt(albumId, 10), mediaId: item.id });
      toast({ title: 'Success', description: 'Media added to album successfully' });
      void refresh({ media: true });
      void onChanged?.();
      setAlbumId('');
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  const none = !isLoading && choices.length === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Add to Album</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>Select an album to add this media item to</DialogContentText>
          <TextField
            id={selectId}
            select
            label="Album"
            value={albumId}
            disabled={busy || none}
            onChange={(event) => setAlbumId(event.target.value)}
            helperText={
              none
                ? 'There is no album you can add to. Create one on the Albums page, or ask to be made an editor.'
                : undefined
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{isLoading ? 'Loading albums…' : 'Select album'}</option>
            {choices.map((album) => (
              <option key={album.id} value={album.id}>
                {album.name}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={busy} variant="outlined">
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !chosen} variant="contained">
            {busy ? 'Adding...' : 'Add to Album'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
