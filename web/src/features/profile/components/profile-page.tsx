import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { UserProfile } from '@family/contract';
import { paths } from '../../../config/paths';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { MemoriesCard } from './memories-card';
import { ProfileCard } from './profile-card';
import { SignedInDevicesCard } from './signed-in-devices-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';
import { StoryCard } from './story-card';

/** Cards other features provide, composed in by the route (app/routes is where features meet). */
export type ProfileSlots = {
  /** The person's uploaded media card. */
  uploadedMedia?: ReactNode;
  /** The media the person is tagged in. */
  taggedMedia?: ReactNode;
  /** The person's family tree (full width). */
  familyTree?: ReactNode;
  /** On another person's profile: the button that adds a relation to them. */
  relationAction?: ReactNode;
  /** On one's own profile: Download everything (the takeout export). */
  takeout?: ReactNode;
  /** On one's own profile: bringing an export's ZIP in. */
  archiveImport?: ReactNode;
  /** On one's own profile: two-step sign-in, on or off. */
  twoStep?: ReactNode;
};

type ProfilePageProps = ProfileSlots & {
  user: UserProfile;
  /** The signed-in person's own profile: editable, with the account cards; no back link. */
  own: boolean;
};

/** A person's page (docs/product.md "Profile"): profile, media, story, memories, tree; the owner's account cards. */
export function ProfilePage({
  user,
  own,
  uploadedMedia,
  taggedMedia,
  familyTree,
  relationAction,
  takeout,
  archiveImport,
  twoStep,
}: ProfilePageProps) {
  return (
    <>
      {!own && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 2,
          }}
        >
          <Link
            component={RouterLink}
            to={paths.family.getHref()}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Back to Family Tree
          </Link>
          {relationAction}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: { xs: 2, sm: 3 },
          alignItems: 'start',
        }}
      >
        <ProfileCard user={user} own={own} />
        {uploadedMedia}
        {taggedMedia}
        <StoryCard user={user} own={own} />
        <MemoriesCard user={user} own={own} />
        {familyTree && <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{familyTree}</Box>}
        {own && takeout}
        {own && archiveImport}
        {own && <ChangePasswordCard />}
        {own && twoStep}
        {own && <SignedInDevicesCard />}
        {own && <SignOutEverywhereCard />}
        {own && <DeleteAccountCard />}
      </Box>
    </>
  );
}
