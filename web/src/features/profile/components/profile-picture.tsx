import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import type { ChangeEvent } from 'react';
import type { UserProfile } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useUploadPicture } from '../api/use-upload-picture';
import { pictureProblem } from '../../../lib/picture';

type ProfilePictureProps = {
  user: UserProfile;
  canEdit: boolean;
};

/** The person's picture (or their initial); the owner can choose a new one. */
export function ProfilePicture({ user, canEdit }: ProfilePictureProps) {
  const upload = useUploadPicture();
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
      toast({ title: 'Profile picture updated successfully' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error, 'Failed to update profile picture'),
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Avatar
        src={user.profilePicture ?? undefined}
        alt={user.profilePicture ? `Profile picture of ${user.displayName}` : undefined}
        sx={{ width: 128, height: 128, fontSize: '3rem', bgcolor: 'primary.main' }}
      >
        {user.displayName.charAt(0).toUpperCase()}
      </Avatar>
      {canEdit && (
        <Button
          component="label"
          variant="outlined"
          disabled={upload.isMutating}
          startIcon={upload.isMutating ? <CircularProgress size={18} /> : <PhotoCameraIcon />}
        >
          {upload.isMutating ? 'Uploading...' : 'Change picture'}
          <input type="file" accept="image/*" hidden onChange={onChoose} disabled={upload.isMutating} />
        </Button>
      )}
    </Box>
  );
}
