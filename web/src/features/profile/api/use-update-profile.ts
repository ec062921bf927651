import useSWRMutation from 'swr/mutation';
import type { UpdateProfileRequest, UserProfile } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreUpdatedUser } from './profile-cache';

/** PATCH /api/user/profile: only the fields given change; null clears one. */
export function useUpdateProfile() {
  const store = useStoreUpdatedUser();
  return useSWRMutation('/api/user/profile', async (path: string, { arg }: { arg: UpdateProfileRequest }) => {
    const user = await sendJson<UserProfile>('PATCH', path, arg);
    await store(user);
    return user;
  });
}
