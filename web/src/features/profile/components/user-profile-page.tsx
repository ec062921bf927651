import type { ReactNode } from 'react';
import type { UserProfile } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { useUserProfile } from '../../../lib/queries/people';
import { ProfilePage, type ProfileSlots } from './profile-page';

type UserProfilePageProps = {
  userId: number;
  currentUserId: number;
  /** The other features' cards for this person, once they are loaded. */
  slots?: (user: UserProfile, own: boolean) => ProfileSlots;
  /** The page of a person without an account (no username), from the people feature. */
  personPage?: (user: UserProfile) => ReactNode;
};

/** /profile/{id}: loads the person, then shows their profile (one's own, editable, when the id is one's own). */
export function UserProfilePage({ userId, currentUserId, slots, personPage }: UserProfilePageProps) {
  const { user, error, isLoading, retry } = useUserProfile(userId);
  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error || !user)
    return <LoadError message={errorMessage(error, 'Could not load this profile.')} onRetry={retry} />;
  if (user.username === null && personPage) return personPage(user);
  const own = user.id === currentUserId;
  return <ProfilePage user={user} own={own} {...slots?.(user, own)} />;
}
