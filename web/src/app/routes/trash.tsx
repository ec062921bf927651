import { MediaPreview } from '../../features/media/components/media-preview';
import { TrashPage } from '../../features/trash/components/trash-page';

export default function TrashRoute() {
  // The cards show an item's picture (from the trash's own address) or its kind, as the gallery does.
  return <TrashPage renderPreview={(item) => <MediaPreview item={item} />} />;
}
