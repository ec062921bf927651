import { MediaGalleryPage } from '../../features/media/components/media-gallery-page';

export default function HomeRoute() {
  return <MediaGalleryPage />;
}
