import type { ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { PageHeading } from '../../../components/page-heading';
import type { MediaDetailSlots } from '../types';
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

/** Home's media gallery: every item the signed-in person may see, with the Upload button. */
export function MediaGalleryPage({ renderCardActions, detailSlots, takesDirectAddress }: MediaGalleryPageProps) {
  return (
    <>
      <PageHeading
        title="Media Gallery"
        subtitle="Photos, videos, recordings, documents and posts from the family."
        actions={<UploadButton />}
      />
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
