import { useCallback, useState, type ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { PageHeading } from '../../../components/page-heading';
import type { MediaDetailSlots } from '../types';
import { DropZone } from './drop-zone';
import { JustUploaded } from './just-uploaded';
import { MediaGrid } from './media-grid';
import { OnThisDay } from './on-this-day';
import { UploadButton } from './upload-button';

type MediaGalleryPageProps = {
  /** 'Add to Album' on each card (the albums work passes it from app/routes/home.tsx). */
  renderCardActions?: (item: MediaItem) => ReactNode;
  detailSlots?: MediaDetailSlots;
  /** Under a reloaded or shared `/media/{id}`: the gallery shows that item. */
  takesDirectAddress?: boolean;
};

/** Home's media gallery: every item the signed-in person may see, with the Upload button and drop anywhere. */
export function MediaGalleryPage({ renderCardActions, detailSlots, takesDirectAddress }: MediaGalleryPageProps) {
  const [dropped, setDropped] = useState<{ files: File[] } | null>(null);
  const onFiles = useCallback((files: File[]) => setDropped({ files }), []);
  return (
    <>
      <PageHeading
        title="Media Gallery"
        subtitle="Photos, videos, recordings, documents and posts from the family."
        actions={<UploadButton dropped={dropped} />}
      />
      <DropZone onFiles={onFiles} />
      <JustUploaded detailSlots={detailSlots} />
      <OnThisDay detailSlots={detailSlots} />
      <MediaGrid
        renderCardActions={renderCardActions}
        detailSlots={detailSlots}
        byMonth
        takesDirectAddress={takesDirectAddress}
      />
    </>
  );
}
