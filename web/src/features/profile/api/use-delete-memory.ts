import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Memory } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { memoriesKey } from './use-memories';

/** DELETE /api/memories/{id}; only the writer may. */
export function useDeleteMemory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/memories/delete', async (_key: string, { arg }: { arg: Memory }) => {
    await sendJson<unknown>('DELETE', `/api/memories/${arg.id}`);
    await mutate<Memory[]>(memoriesKey(arg.user.id), (list) => list?.filter((m) => m.id !== arg.id), {
      revalidate: false,
    });
  });
}
