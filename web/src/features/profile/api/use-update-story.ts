import useSWRMutation from 'swr/mutation';
import type { UpdateStoryRequest, UserProfile } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreUpdatedUser } from './profile-cache';

/** POST /api/users/story; an empty story clears it. */
export function useUpdateStory() {
  const store = useStoreUpdatedUser();
  return useSWRMutation('/api/users/story', async (path: string, { arg }: { arg: string }) => {
    const user = await sendJson<UserProfile>('POST', path, { story: arg.trim() } satisfies UpdateStoryRequest);
    await store(user);
    return user;
  });
}
