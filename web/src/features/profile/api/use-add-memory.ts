import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { memoriesKey, type Memory } from './use-memories';

export type NewMemory = { title: string; content: string };

/** POST /api/memories; the new memory goes to the top of the writer's list. */
export function useAddMemory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/memories', async (path: string, { arg }: { arg: NewMemory }) => {
    const memory = await sendJson<Memory>('POST', path, { title: arg.title.trim(), content: arg.content.trim() });
    await mutate<Memory[]>(memoriesKey(memory.user.id), (list) => [memory, ...(list ?? [])], { revalidate: false });
    return memory;
  });
}
