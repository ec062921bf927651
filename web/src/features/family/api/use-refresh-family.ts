import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { PEOPLE_KEY } from '../../../lib/queries/people';

/** After a change: every loaded tree, the people list and the pickers' searches fetch again. */
export function useRefreshFamily() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      mutate(
        (key) =>
          typeof key === 'string' &&
          (key.startsWith('/api/family/') || key === PEOPLE_KEY || key.startsWith('/api/people?')),
      ),
    [mutate],
  );
}
