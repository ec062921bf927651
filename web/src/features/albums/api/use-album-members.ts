import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { Album } from '../types';

export type AddMemberInput = { albumId: number; userId: number; canEdit: boolean };

/** POST /api/albums/{id}/members: the creator or a member who can edit. */
export function useAddMember() {
  return useSWRMutation('albums:add-member', (_key: string, { arg }: { arg: AddMemberInput }) =>
    sendJson<Album>('POST', `/api/albums/${arg.albumId}/members`, { userId: arg.userId, canEdit: arg.canEdit }),
  );
}

/** DELETE /api/albums/{id}/members/{userId}: the creator, or a member leaving. */
export function useRemoveMember() {
  return useSWRMutation('albums:remove-member', (_key: string, { arg }: { arg: { albumId: number; userId: number } }) =>
    sendJson<{ message: string }>('DELETE', `/api/albums/${arg.albumId}/members/${arg.userId}`),
  );
}
