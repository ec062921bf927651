import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { isAlbumEditor } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
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
  const selectId = useId();
  const { albums, isLoading } = useAlbums(open);
  const addToAlbum = useAddToAlbum();
  const refresh = useRefreshAlbums();

  const choices = useMemo(
    () => albums.filter((album) => album.id !== item.albumId && isAlbumEditor(album, currentUserId)),
    [albums, item.albumId, currentUserId],
  );
  const chosen = choices.find((album) => String(album.id) === albumId) ?? null;

  const form = useFormSubmit({
    send: () => (chosen ? addToAlbum.trigger({ albumId: chosen.id, mediaId: item.id }) : null),
    success: () => ({ title: 'Success', description: 'Media added to album successfully' }),
    refresh: () => {
      void refresh({ media: true });
      void onChanged?.();
    },
    reset: () => setAlbumId(''),
    onClose,
  });
  const none = !isLoading && choices.length === 0;

  return (
    <FormDialog
      open={open}
      form={form}
      title="Add to Album"
      intro="Select an album to add this media item to"
      submitLabel="Add to Album"
      busyLabel="Adding..."
      submitDisabled={!chosen}
      maxWidth="xs"
    >
      <TextField
        id={selectId}
        select
        label="Album"
        value={albumId}
        disabled={form.busy || none}
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
    </FormDialog>
  );
}
