import type { ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { PageHeading } from '../../../components/page-heading';
import type { MediaDetailSlots } from '../types';
import { MediaGrid } from './media-grid';
import { UploadButton } from './upload-button';

type MediaGalleryPageProps = {
  /** 'Add to Album' on each card (the albums work passes it from app/routes/home.tsx). */
  renderCardActions?: (item: MediaItem) => ReactNode;
  detailSlots?: MediaDetailSlots;
};

/** Home's media gallery: every item the signed-in person may see, with the Upload button. */
export function MediaGalleryPage({ renderCardActions, detailSlots }: MediaGalleryPageProps) {
  return (
    <>
      <PageHeading
        title="Media Gallery"
        subtitle="Photos, videos, recordings, documents and posts from the family."
        actions={<UploadButton />}
      />
      <MediaGrid renderCardActions={renderCardActions} detailSlots={detailSlots} />
    </>
  );
}
