import useSWRMutation from 'swr/mutation';
import type { UserProfile } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreUpdatedUser } from './profile-cache';

/** POST /api/users/profile-picture (multipart `file`); the answer carries the new picture's URL. */
export function useUploadPicture() {
  const store = useStoreUpdatedUser();
  return useSWRMutation('/api/users/profile-picture', async (path: string, { arg }: { arg: File }) => {
    const form = new FormData();
    form.append('file', arg);
    const user = await sendJson<UserProfile>('POST', path, form);
    await store(user);
    return user;
  });
}
