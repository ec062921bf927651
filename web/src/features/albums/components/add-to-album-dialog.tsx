import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { isAlbumEditor } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
import { useAddToAlbum, useMoveToAlbum } from '../api/use-album-media';
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
 * the item is already in. 'Add to Album' waits until an album is chosen. An item already in an album is moved
 * instead ('Move to Album'), out of its album and into the chosen one in one request.
 */
export function AddToAlbumDialog({ open, onClose, item, currentUserId, onChanged }: AddToAlbumDialogProps) {
  const [albumId, setAlbumId] = useState('');
  const selectId = useId();
  const { albums, isLoading } = useAlbums(open);
  const addToAlbum = useAddToAlbum();
  const moveToAlbum = useMoveToAlbum();
  const moving = item.albumId !== null;
  const refresh = useRefreshAlbums();

  const choices = useMemo(
    () => albums.filter((album) => album.id !== item.albumId && isAlbumEditor(album, currentUserId)),
    [albums, item.albumId, currentUserId],
  );
  const chosen = choices.find((album) => String(album.id) === albumId) ?? null;

  const form = useFormSubmit({
    send: () => {
      if (!chosen) return null;
      const change = { albumId: chosen.id, mediaId: item.id };
      return moving ? moveToAlbum.trigger(change).then(() => null) : addToAlbum.trigger(change);
    },
    success: () => ({
      title: 'Success',
      description: moving ? 'Media moved to album successfully' : 'Media added to album successfully',
    }),
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
      title={moving ? 'Move to Album' : 'Add to Album'}
      intro={
        moving
          ? 'Select the album to move this media item to. It leaves the album it is in now.'
          : 'Select an album to add this media item to'
      }
      submitLabel={moving ? 'Move to Album' : 'Add to Album'}
      busyLabel={moving ? 'Moving...' : 'Adding...'}
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
            ? `There is no ${moving ? 'other ' : ''}album you can add to. Create one on the Albums page, or ask to be made an editor.`
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
