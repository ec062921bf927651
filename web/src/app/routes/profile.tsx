import type { UserProfile } from '@family/contract';
import { AddFamilyMemberDialog } from '../../features/family/components/add-family-member-dialog';
import { FamilyTreeCard } from '../../features/family/components/family-tree-card';
import { UserMediaCard } from '../../features/media/components/user-media-card';
import { AddRelationButton } from '../../features/profile/components/add-relation-button';
import { ProfilePage, type ProfileSlots } from '../../features/profile/components/profile-page';
import { DownloadEverythingCard } from '../../features/takeout/components/download-everything-card';
import { ImportArchiveCard } from '../../features/takeout/components/import-archive-card';
import { TwoStepCard } from '../../features/two-step/components/two-step-card';
import { useCurrentUser } from '../../lib/queries/current-user';
import { albumDetailSlots } from '../album-media-slots';

/** The cards of a profile that other features provide: the person's media, their tree, Add Relation, takeout. */
export function profileSlots(user: UserProfile, own: boolean, currentUserId: number): ProfileSlots {
  const detailSlots = albumDetailSlots(currentUserId);
  return {
    uploadedMedia: <UserMediaCard userId={user.id} kind="uploaded" detailSlots={detailSlots} />,
    taggedMedia: <UserMediaCard userId={user.id} kind="tagged" detailSlots={detailSlots} />,
    familyTree: (
      <FamilyTreeCard
        rootUserId={user.id}
        rootName={user.displayName}
        rootPicture={user.profilePicture ?? null}
        isOwnTree={own}
        currentUserId={currentUserId}
      />
    ),
    takeout: own ? <DownloadEverythingCard /> : undefined,
    archiveImport: own ? <ImportArchiveCard /> : undefined,
    twoStep: own ? <TwoStepCard /> : undefined,
    relationAction: own ? undefined : (
      <AddRelationButton
        renderDialog={({ open, onClose }) => (
          <AddFamilyMemberDialog open={open} onClose={onClose} fromUserId={user.id} fromUserName={user.displayName} />
        )}
      />
    ),
  };
}

/** /profile: one's own profile. */
export default function ProfileRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfilePage user={user} own {...profileSlots(user, true, user.id)} />;
}
