import useSWRMutation from 'swr/mutation';
import type { PersonDetail, PersonFields } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/people: a relative without an account (nobody has to invent a username or password for them). */
export function useCreatePerson() {
  return useSWRMutation('/api/people', (path: string, { arg }: { arg: PersonFields }) =>
    sendJson<PersonDetail>('POST', path, arg),
  );
}
