import useSWR from 'swr';
import { useParams } from 'react-router-dom';
import type { MediaItem } from '@family/contract';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { PageSpinner } from '../../components/page-spinner';
import { mediaItemKey } from '../../features/media/api/media-keys';
import { MediaGalleryPage } from '../../features/media/components/media-gallery-page';
import { usePageBehindMedia } from '../../features/media/hooks/media-address';
import { ApiError, errorMessage } from '../../lib/api';
import { parseId } from '../../lib/parse-id';
import { useCurrentUser } from '../../lib/queries/current-user';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

/**
 * /media/{id} (docs/product.md "Media addresses"). Opened from a list, the page behind it shows the dialog and
 * this route shows nothing. Reloaded or from a shared link: the gallery with the item open over it, or the 404
 * page for an item one may not see.
 */
export default function MediaRoute() {
  const pageBehind = usePageBehindMedia();
  const id = parseId(useParams().id);
  const { user } = useCurrentUser();
  const { data, error, mutate } = useSWR<MediaItem, Error>(!pageBehind && id !== null ? mediaItemKey(id) : null);
  if (pageBehind) return null;
  if (id === null || (error instanceof ApiError && error.status === 404)) return <NotFound />;
  if (error) return <LoadError message={errorMessage(error, 'Could not load this item.')} onRetry={() => mutate()} />;
  if (!data || !user) return <PageSpinner />;
  return (
    <MediaGalleryPage
      renderCardActions={albumCardActions(user.id)}
      detailSlots={albumDetailSlots(user.id)}
      takesDirectAddress
    />
  );
}
