import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ChangeEvent } from 'react';
import type { PersonDetail } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { pictureProblem } from '../../../lib/picture';
import { useUploadPortrait } from '../api/use-person';

/** A relative's portrait (or their initial); any member may choose one (docs/rights.md "People rights"). */
export function PersonPortrait({ person }: { person: PersonDetail }) {
  const upload = useUploadPortrait(person.id);
  const { toast } = useToast();

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: 'Error', description: problem });
      return;
    }
    try {
      await upload.trigger(file);
      toast({ title: 'Portrait updated successfully' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to update the portrait'),
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Avatar
        src={person.profilePicture ?? undefined}
        alt={person.profilePicture ? `Portrait of ${person.displayName}` : undefined}
        sx={{ width: 128, height: 128, fontSize: '3rem', bgcolor: 'primary.main' }}
      >
        {person.displayName.charAt(0).toUpperCase()}
      </Avatar>
      <Button
        component="label"
        variant="outlined"
        disabled={upload.isMutating}
        startIcon={upload.isMutating ? <CircularProgress size={18} /> : <PhotoCameraIcon />}
      >
        {upload.isMutating ? 'Uploading...' : 'Change portrait'}
        <input type="file" accept="image/*" hidden onChange={onChoose} disabled={upload.isMutating} />
      </Button>
    </Box>
  );
}
