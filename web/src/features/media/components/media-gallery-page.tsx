import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import type { MediaDetailSlots } from '../types';
import { DropZone } from './drop-zone';
import { JustUploaded } from './just-uploaded';
import { MediaGrid } from './media-grid';
import { OnThisDay } from './on-this-day';
import { UploadButton } from './upload-button';
import { visuallyHidden } from '../../../components/visually-hidden';

type MediaGalleryPageProps = {
  /** 'Add to Album' on each card (the albums work passes it from app/routes/home.tsx). */
  renderCardActions?: (item: MediaItem) => ReactNode;
  detailSlots?: MediaDetailSlots;
  /** Under a reloaded or shared `/media/{id}`: the gallery shows that item. */
  takesDirectAddress?: boolean;
  /** Home's switch of views on a phone: it takes the heading's place in the bar (the pressed view names the page). */
  viewSwitch?: ReactNode;
};

const TITLE = 'Media Gallery';

/**
 * Home's media gallery, pictures first (docs/product.md "Home"): its heading in the grid's one bar, the strips,
 * the thumbnails, Upload as a floating button, and drop anywhere.
 */
export function MediaGalleryPage({
  renderCardActions,
  detailSlots,
  takesDirectAddress,
  viewSwitch,
}: MediaGalleryPageProps) {
  const [dropped, setDropped] = useState<{ files: File[] } | null>(null);
  const onFiles = useCallback((files: File[]) => setDropped({ files }), []);
  useEffect(() => {
    document.title = `${TITLE} · Family Archive`;
  }, []);
  return (
    <>
      <DropZone onFiles={onFiles} />
      <MediaGrid
        heading={
          <>
            <Typography
              variant="h5"
              component="h1"
              // With the switch, read by screen readers only: its pressed view shows the same words.
              sx={viewSwitch ? visuallyHidden : { fontSize: { xs: '1.3rem', md: '1.6rem' } }}
            >
              {TITLE}
            </Typography>
            {viewSwitch}
          </>
        }
        aboveGrid={
          <>
            <JustUploaded detailSlots={detailSlots} />
            <OnThisDay detailSlots={detailSlots} />
          </>
        }
        floatingAction={<UploadButton dropped={dropped} />}
        renderCardActions={renderCardActions}
        detailSlots={detailSlots}
        byMonth
        takesDirectAddress={takesDirectAddress}
      />
    </>
  );
}
