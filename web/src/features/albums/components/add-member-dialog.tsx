import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, useMemo, useRef, useState } from 'react';
import type { Album } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { PersonPicker } from '../../../components/person-picker';
import type { PickablePerson } from '../../../lib/queries/people';
import { useAddMember } from '../api/use-album-members';
import { useRefreshAlbums } from '../api/use-albums';

type AddMemberDialogProps = {
  /** The album to add someone to; the dialog is open while it is set. */
  album: Album | null;
  onClose: () => void;
};

/**
 * Add Member: any member of the family (people with an account: docs/product.md "Albums") but the creator and the
 * present members, found by typing; Can Edit lets them add too.
 */
export function AddMemberDialog({ album, onClose }: AddMemberDialogProps) {
  const open = album !== null;
  const [chosen, setChosen] = useState<PickablePerson | null>(null);
  const [canEdit, setCanEdit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const idPrefix = useId();
  const addMember = useAddMember();
  const refresh = useRefreshAlbums();

  const taken = useMemo(
    () => (album ? [album.createdBy, ...album.members.map((member) => member.userId)] : []),
    [album],
  );

  const form = useFormSubmit({
    send: () => {
      if (!album) return null;
      if (!chosen) {
        setError('Please select a member');
        field.current?.focus();
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
      setChosen(null);
      setCanEdit(false);
      setError(null);
    },
    onClose,
  });
  const { busy } = form;

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
      <PersonPicker
        id={`${idPrefix}-member`}
        label="Family member"
        membersOnly
        exclude={taken}
        value={chosen}
        disabled={busy}
        inputRef={field}
        error={error}
        helperText="Type part of a member's name. Album members are people with an account."
        onChange={(person) => {
          setChosen(person);
          if (error) setError(null);
        }}
      />
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
