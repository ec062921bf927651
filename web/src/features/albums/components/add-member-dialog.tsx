import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useRef, useState } from 'react';
import type { Album } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
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
  const idPrefix = useId();
  const { people, isLoading } = usePeople(open);
  const addMember = useAddMember();
  const refresh = useRefreshAlbums();

  const choices = useMemo(() => {
    if (!album) return [];
    const taken = new Set([album.createdBy, ...album.members.map((member) => member.userId)]);
    return people.filter((person) => !taken.has(person.id));
  }, [album, people]);
  const chosen = choices.find((choice) => String(choice.id) === userId);

  const form = useFormSubmit({
    send: () => {
      if (!album) return null;
      if (!chosen) {
        setError('Please select a member');
        select.current?.focus();
        return null;
      }
      return addMember
        .trigger({ albumId: album.id, userId: chosen.id, canEdit })
        .then(() => ({ album, person: chosen }));
    },
    success: ({ album: target, person }) => ({
      title: 'Member added successfully',
      description: `${person.displayName} is now in “${target.name}”.`,
    }),
    refresh: () => refresh(),
    reset: () => {
      setUserId('');
      setCanEdit(false);
      setError(null);
    },
    onClose,
  });
  const { busy } = form;
  const noOneLeft = !isLoading && choices.length === 0;

  return (
    <FormDialog
      open={open}
      form={form}
      title="Add Member"
      intro={album ? `Choose someone from the family to add to “${album.name}”.` : ''}
      submitLabel="Add Member"
      busyLabel="Adding..."
      fullScreenOnPhone
    >
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
    </FormDialog>
  );
}
