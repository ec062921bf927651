import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import type { BulkResult } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { isAlbumEditor } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
import { useCurrentUser } from '../../../lib/queries/current-user';
import { useBulkAction } from '../api/use-bulk-actions';
import { bulkReport, itemCount } from './bulk-report';

type BulkAlbumDialogProps = {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onDone: (result: BulkResult) => void;
};

/** Add to Album for the selection: the albums one may add to (docs/rights.md "Items in albums"), one request. */
export function BulkAlbumDialog({ open, ids, onClose, onDone }: BulkAlbumDialogProps) {
  const [albumId, setAlbumId] = useState('');
  const selectId = useId();
  const { user } = useCurrentUser();
  const { albums, isLoading } = useAlbums(open);
  const bulk = useBulkAction();
  const choices = useMemo(() => (user ? albums.filter((album) => isAlbumEditor(album, user.id)) : []), [albums, user]);
  const chosen = choices.find((album) => String(album.id) === albumId) ?? null;

  const form = useFormSubmit({
    send: () => (chosen ? bulk({ action: 'addToAlbum', ids, albumId: chosen.id }) : null),
    success: (result) => bulkReport((n) => `Added ${itemCount(n)} to ${chosen?.name ?? 'the album'}`, result),
    refresh: onDone,
    reset: () => setAlbumId(''),
    onClose,
  });
  const none = !isLoading && choices.length === 0;

  return (
    <FormDialog
      open={open}
      form={form}
      title="Add to Album"
      intro={`Select an album to add ${itemCount(ids.length)} to`}
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
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        helperText={
          none
            ? 'There is no album you can add to. Create one on the Albums page, or ask to be made an editor.'
            : undefined
        }
        fullWidth
      >
        <option value="">Select album</option>
        {choices.map((album) => (
          <option key={album.id} value={album.id}>
            {album.name}
          </option>
        ))}
      </TextField>
    </FormDialog>
  );
}
