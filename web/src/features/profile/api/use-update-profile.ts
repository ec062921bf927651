import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { User } from '../../../types/api';
import { useStoreUpdatedUser } from './profile-cache';

export type ProfileChanges = {
  displayName?: string;
  email?: string | null;
  dateOfBirth?: string | null;
};

/** PATCH /api/user/profile: only the fields given change; null clears one. */
export function useUpdateProfile() {
  const store = useStoreUpdatedUser();
  return useSWRMutation('/api/user/profile', async (path: string, { arg }: { arg: ProfileChanges }) => {
    const user = await sendJson<User>('PATCH', path, arg);
    await store(user);
    return user;
  });
}
