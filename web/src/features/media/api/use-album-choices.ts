import useSWR from 'swr';
import type { Album, UserProfile } from '@family/contract';

/** The part of an album the upload dialog needs. */
type AlbumChoice = Pick<Album, 'id' | 'name' | 'createdBy' | 'members'>;

/**
 * Albums one may upload into: those one created or may edit as a member (the server checks again).
 * While albums cannot be loaded the list is simply empty and 'No Album' is still there.
 */
export function useAlbumChoices() {
  const { data: albums, error } = useSWR<AlbumChoice[], Error>('/api/albums');
  // The session the app root loaded: already cached under this key.
  const { data: me } = useSWR<Pick<UserProfile, 'id'>>('/api/user');
  const choices = (Array.isArray(albums) ? albums : []).filter((album) => {
    if (!me || album.createdBy === undefined) return true;
    return album.createdBy === me.id || Boolean(album.members?.some((m) => m.userId === me.id && m.canEdit));
  });
  return { albums: choices.map(({ id, name }) => ({ id, name })), error };
}
