import { AlbumsPage } from '../../features/albums/components/albums-page';

export default function AlbumsRoute() {
  return <AlbumsPage />;
}
