import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Album } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { usePeople } from '../../../lib/queries/people';
import { useAddMember } from '../api/use-album-members';
import { useRefreshAlbums } from '../api/use-albums';

type AddMemberDialogProps = {
  /** The album to add someone to; the dialog is open while it is set. */
  album: Album | null;
  onClose: () => void;
};

/** Add Member: anyone in the family but the creator and the present members; Can Edit lets them add too. */
export function AddMemberDialog({ album, onClose }: AddMemberDialogProps) {
  const open = album !== null;
  const [userId, setUserId] = useState('');
  const [canEdit, setCanEdit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement | null>(null);
  const titleId = useId();
  const idPrefix = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { people, isLoading } = usePeople(open);
  const addMember = useAddMember();
  const refresh = useRefreshAlbums();
  const { toast } = useToast();
  const busy = addMember.isMutating;

  const choices = useMemo(() => {
    if (!album) return [];
    const taken = new Set([album.createdBy, ...album.members.map((member) => member.userId)]);
    return people.filter((person) => !taken.has(person.id));
  }, [album, people]);

  const reset = () => {
    setUserId('');
    setCanEdit(false);
    setError(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !album) return;
    const person = choices.find((choice) => String(choice.id) === userId);
    if (!person) {
      setError('Please select a member');
      select.current?.focus();
      return;
    }
    try {
      await addMember.trigger({ albumId: album.id, userId: person.id, canEdit });
      toast({ title: 'Member added successfully', description: `${person.displayName} is now in “${album.name}”.` });
      void refresh();
      reset();
      onClose();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure) });
    }
  };

  const noOneLeft = !isLoading && choices.length === 0;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Add Member</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            {album ? `Choose someone from the family to add to “${album.name}”.` : ''}
          </DialogContentText>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <TextField
              id={`${idPrefix}-member`}
              select
              label="Family member"
              value={userId}
              disabled={busy || noOneLeft}
              inputRef={select}
              error={Boolean(error)}
              helperText={error ?? (noOneLeft ? 'Everyone in the family is already in this album.' : undefined)}
              onChange={(event) => {
                setUserId(event.target.value);
                if (error) setError(null);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{isLoading ? 'Loading the family…' : 'Select a family member'}</option>
              {choices.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.displayName === person.username
                    ? person.displayName
                    : `${person.displayName} (@${person.username})`}
                </option>
              ))}
            </TextField>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={canEdit}
                    disabled={busy}
                    onChange={(event) => setCanEdit(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': `${idPrefix}-can-edit-help` } }}
                  />
                }
                label="Can Edit"
              />
              <FormHelperText id={`${idPrefix}-can-edit-help`} sx={{ mt: 0 }}>
                They may also add photos and other members to the album.
              </FormHelperText>
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={busy} variant="outlined">
            Cancel
          </Button>
          <Button type="submit" disabled={busy} variant="contained">
            {busy ? 'Adding...' : 'Add Member'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
