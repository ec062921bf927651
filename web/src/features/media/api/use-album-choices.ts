import { isAlbumEditor } from '../../../lib/items-in-albums';
import { useAlbums } from '../../../lib/queries/albums';
import { useCurrentUser } from '../../../lib/queries/current-user';

/**
 * Albums one may upload into: those one created or may edit as a member (the server checks again).
 * While albums cannot be loaded the list is simply empty and 'No Album' is still there.
 */
export function useAlbumChoices() {
  const { albums, error } = useAlbums();
  // The session the app root loaded: already cached.
  const { user: me } = useCurrentUser();
  const choices = albums.filter((album) => !me || isAlbumEditor(album, me.id));
  return { albums: choices.map(({ id, name }) => ({ id, name })), error };
}
