import { AlbumsPage } from '../../features/albums/components/albums-page';
import { MediaGrid } from '../../features/media/components/media-grid';
import { useCurrentUser } from '../../lib/queries/current-user';
import { useRefreshMedia } from '../../lib/queries/media';
import { albumDetailSlots } from '../album-media-slots';

export default function AlbumsRoute() {
  const { user } = useCurrentUser();
  const refreshMedia = useRefreshMedia();
  if (!user) return null;
  return (
    <AlbumsPage
      currentUserId={user.id}
      // The View dialog lists the album's media with the media grid, without the per-card buttons.
      renderAlbumMedia={(album) => <MediaGrid scope={{ albumId: album.id }} detailSlots={albumDetailSlots(user.id)} />}
      onMediaChanged={refreshMedia}
    />
  );
}
