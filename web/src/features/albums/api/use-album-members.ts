import useSWRMutation from 'swr/mutation';
import type { AddAlbumMemberRequest, Album, MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';

export type AddMemberInput = { albumId: number } & Required<AddAlbumMemberRequest>;

/** POST /api/albums/{id}/members: the creator or a member who can edit. */
export function useAddMember() {
  return useSWRMutation('albums:add-member', (_key: string, { arg }: { arg: AddMemberInput }) =>
    sendJson<Album>('POST', `/api/albums/${arg.albumId}/members`, {
      userId: arg.userId,
      canEdit: arg.canEdit,
    } satisfies AddAlbumMemberRequest),
  );
}

/** DELETE /api/albums/{id}/members/{userId}: the creator, or a member leaving. */
export function useRemoveMember() {
  return useSWRMutation('albums:remove-member', (_key: string, { arg }: { arg: { albumId: number; userId: number } }) =>
    sendJson<MessageResponse>('DELETE', `/api/albums/${arg.albumId}/members/${arg.userId}`),
  );
}
