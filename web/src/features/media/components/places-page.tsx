import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { MediaItem, MediaPlace } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api';
import { MEDIA_PLACES_KEY } from '../api/media-keys';
import type { MediaDetailSlots } from '../types';
import { MediaGrid } from './media-grid';
import { WorldMap } from './world-map';

type PlacesPageProps = {
  renderCardActions?: (item: MediaItem) => ReactNode;
  detailSlots?: MediaDetailSlots;
};

/** /places (docs/product.md "Places"): where the items one sees were taken, on a world map; a place lists its items. */
export function PlacesPage({ renderCardActions, detailSlots }: PlacesPageProps) {
  const { data, error, isLoading, mutate } = useSWR<MediaPlace[], Error>(MEDIA_PLACES_KEY);
  // The chosen place is in the address (`?place=`), so the detail view's place links here and Back returns.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('place');
  const setChosen = (place: string) => setParams({ place });
  if (isLoading) return <PageSpinner />;
  if (error || !data) {
    return <LoadError message={errorMessage(error, 'Could not load the places.')} onRetry={() => void mutate()} />;
  }
  return (
    <>
      <PageHeading title="Places" subtitle="Where the photos were taken, from their GPS. Choose a place to see them." />
      {data.length === 0 ? (
        <Typography>No photo with a place yet: photos taken with the phone's location on show here.</Typography>
      ) : (
        <WorldMap places={data} chosen={chosen} onChoose={setChosen} />
      )}
      {chosen && (
        <Box component="section" aria-label={`Taken in ${chosen}`} sx={{ mt: 3 }}>
          <MediaGrid
            key={chosen}
            scope={{ place: chosen }}
            heading={
              <Typography component="h2" variant="h5">
                {chosen}
              </Typography>
            }
            renderCardActions={renderCardActions}
            detailSlots={detailSlots}
          />
        </Box>
      )}
    </>
  );
}
