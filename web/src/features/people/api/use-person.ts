import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { PersonChange, PersonDetail, PersonFields, PersonInvite, TieChange } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { PEOPLE_KEY, personHistoryKey, personKey } from '../../../lib/queries/people';

/** GET /api/people/{id} */
export function usePerson(id: number) {
  const { data, error, isLoading, mutate } = useSWR<PersonDetail, Error>(personKey(id));
  return { person: data, error, isLoading, retry: () => mutate() };
}

/** GET /api/people/{id}/history, newest first. */
export function usePersonHistory(id: number) {
  const { data, error, isLoading, mutate } = useSWR<PersonChange[], Error>(personHistoryKey(id));
  return { changes: data, error, isLoading, retry: () => mutate() };
}

/** GET /api/family/history/{id}: who added, changed or removed the person's ties, newest first. */
export function useTieHistory(id: number) {
  const { data } = useSWR<TieChange[], Error>(`/api/family/history/${id}`);
  return { tieChanges: data };
}

/** After a change: the person, their history, and every list that shows people, fetched again. */
function useRefreshPerson() {
  const { mutate } = useSWRConfig();
  return async (id: number, person?: PersonDetail) => {
    await mutate(personKey(id), person, { revalidate: !person });
    await mutate(personHistoryKey(id));
    // The people list (an infinite list, which filtered mutate skips) refreshes itself when it is shown again.
    await mutate((key) => typeof key === 'string' && key.startsWith(PEOPLE_KEY));
  };
}

/** PATCH /api/people/{id} */
export function useUpdatePerson(id: number) {
  const refresh = useRefreshPerson();
  return useSWRMutation(personKey(id), async (path: string, { arg }: { arg: PersonFields }) => {
    const person = await sendJson<PersonDetail>('PATCH', path, arg);
    await refresh(id, person);
    return person;
  });
}

/** POST /api/people/{id}/history/{changeId}/undo */
export function useUndoChange(id: number) {
  const refresh = useRefreshPerson();
  return useSWRMutation(personHistoryKey(id), async (path: string, { arg }: { arg: number }) => {
    const person = await sendJson<PersonDetail>('POST', `${path}/${arg}/undo`);
    await refresh(id, person);
    return person;
  });
}

/** POST /api/family/history/{changeId}/undo: a tie put back as it was; every tree and tie history read again. */
export function useUndoTieChange() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/family/history', async (path: string, { arg }: { arg: number }) => {
    const change = await sendJson<TieChange>('POST', `${path}/${arg}/undo`);
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/family'));
    return change;
  });
}

/** POST /api/people/{id}/invite */
export function useInvitePerson(id: number) {
  return useSWRMutation(`${personKey(id)}/invite`, (path: string) => sendJson<PersonInvite>('POST', path));
}

/** DELETE /api/people/{id} */
export function useDeletePerson(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(personKey(id), async (path: string) => {
    await sendJson<void>('DELETE', path);
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/users'));
  });
}

/**
 * POST /api/people/{id}/merge: the person folded into another (docs/rights.md "People rights"). Answers the person
 * merged into; the one merged goes, so every list of people, every tree and the one merged into are read again.
 */
export function useMergePerson(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${personKey(id)}/merge`, async (path: string, { arg }: { arg: number }) => {
    const into = await sendJson<PersonDetail>('POST', path, { intoId: arg });
    await mutate(personKey(into.id), into, { revalidate: false });
    await mutate(personHistoryKey(into.id));
    await mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(PEOPLE_KEY) || key.startsWith('/api/people?') || key.startsWith('/api/family')),
    );
    return into;
  });
}

/** POST /api/people/{id}/picture (multipart `file`): a portrait of a person without an account. */
export function useUploadPortrait(id: number) {
  const refresh = useRefreshPerson();
  return useSWRMutation(`${personKey(id)}/picture`, async (path: string, { arg }: { arg: File }) => {
    const form = new FormData();
    form.append('file', arg);
    await sendJson<unknown>('POST', path, form);
    await refresh(id);
  });
}
