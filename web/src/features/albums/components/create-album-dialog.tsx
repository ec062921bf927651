import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { ALBUM_DESCRIPTION_MAX, ALBUM_NAME_MAX } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useCreateAlbum, useRefreshAlbums } from '../api/use-albums';

type CreateAlbumDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** Create Album: a name (required), a description, and whether the whole family sees it. */
export function CreateAlbumDialog({ open, onClose }: CreateAlbumDialogProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const idPrefix = useId();
  const createAlbum = useCreateAlbum();
  const refresh = useRefreshAlbums();

  const form = useFormSubmit({
    send: () => {
      if (!name.trim()) {
        setNameError('Album name is required');
        nameInput.current?.focus();
        return null;
      }
      return createAlbum.trigger({ name: name.trim(), description: description.trim(), isShared });
    },
    success: (album) => ({
      title: 'Album created successfully',
      description: `“${album.name}” is ready for photos and more.`,
    }),
    refresh: () => refresh(),
    reset: () => {
      setName('');
      setDescription('');
      setIsShared(false);
      setNameError(null);
    },
    onClose,
  });
  const { busy } = form;

  return (
    <FormDialog
      open={open}
      form={form}
      title="Create Album"
      submitLabel="Create Album"
      busyLabel="Creating..."
      fullScreenOnPhone
    >
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        required
        value={name}
        disabled={busy}
        inputRef={nameInput}
        error={Boolean(nameError)}
        helperText={nameError ?? 'For example: Christmas 1985, or Grandma’s garden'}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) setNameError(null);
        }}
        slotProps={{ htmlInput: { maxLength: ALBUM_NAME_MAX } }}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        multiline
        minRows={2}
        value={description}
        disabled={busy}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ALBUM_DESCRIPTION_MAX } }}
      />
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={isShared}
              disabled={busy}
              onChange={(event) => setIsShared(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${idPrefix}-shared-help` } }}
            />
          }
          label="Shared with the whole family"
        />
        <FormHelperText id={`${idPrefix}-shared-help`} sx={{ mt: 0 }}>
          {isShared
            ? 'Everyone in the family can see this album and what is in it.'
            : 'Only you and the members you add can see this album.'}
        </FormHelperText>
      </Box>
    </FormDialog>
  );
}
