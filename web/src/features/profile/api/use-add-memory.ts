import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreateMemoryRequest, Memory } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { memoriesKey } from './use-memories';

/** POST /api/memories; the new memory goes to the top of the list of the profile it is on. */
export function useAddMemory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/memories', async (path: string, { arg }: { arg: CreateMemoryRequest }) => {
    const memory = await sendJson<Memory>('POST', path, {
      title: arg.title.trim(),
      content: arg.content.trim(),
      ...(arg.personId === undefined ? {} : { personId: arg.personId }),
    } satisfies CreateMemoryRequest);
    await mutate<Memory[]>(memoriesKey(memory.personId), (list) => [memory, ...(list ?? [])], { revalidate: false });
    return memory;
  });
}
