import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ALBUM_DESCRIPTION_MAX, ALBUM_NAME_MAX } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
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
  const titleId = useId();
  const idPrefix = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const createAlbum = useCreateAlbum();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();
  const busy = createAlbum.isMutating;

  const reset = () => {
    setName('');
    setDescription('');
    setIsShared(false);
    setNameError(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setNameError('Album name is required');
      nameInput.current?.focus();
      return;
    }
    try {
      const album = await createAlbum.trigger({ name: name.trim(), description: description.trim(), isShared });
      toast({ title: 'Album created successfully', description: `“${album.name}” is ready for photos and more.` });
      void refresh();
      reset();
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Create Album</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 1 }}>
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
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={busy} variant="outlined">
            Cancel
          </Button>
          <Button type="submit" disabled={busy} variant="contained">
            {busy ? 'Creating...' : 'Create Album'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
