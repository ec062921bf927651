import type { UserProfile } from '@family/contract';
import { PictureChooser } from '../../../components/picture-chooser';
import { useUploadPicture } from '../api/use-upload-picture';

type ProfilePictureProps = {
  user: UserProfile;
  canEdit: boolean;
};

/** The person's picture (or their initial); the owner can choose a new one. */
export function ProfilePicture({ user, canEdit }: ProfilePictureProps) {
  const upload = useUploadPicture();
  return (
    <PictureChooser
      displayName={user.displayName}
      picture={user.profilePicture}
      alt={`Profile picture of ${user.displayName}`}
      canChoose={canEdit}
      upload={upload}
      words={{
        button: 'Change picture',
        saved: 'Profile picture updated successfully',
        failed: 'Failed to update profile picture',
      }}
    />
  );
}
