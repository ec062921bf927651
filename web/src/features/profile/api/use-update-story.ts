import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { User } from '../../../types/api';
import { useStoreUpdatedUser } from './profile-cache';

export const MAX_STORY_LENGTH = 20_000;

/** POST /api/users/story; an empty story clears it. */
export function useUpdateStory() {
  const store = useStoreUpdatedUser();
  return useSWRMutation('/api/users/story', async (path: string, { arg }: { arg: string }) => {
    const user = await sendJson<User>('POST', path, { story: arg.trim() });
    await store(user);
    return user;
  });
}
