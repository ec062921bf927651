import { PlacesPage } from '../../features/media/components/places-page';
import { useCurrentUser } from '../../lib/queries/current-user';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

/** /places: the world map of where the items were taken, with the album buttons on the listed cards. */
export default function PlacesRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <PlacesPage renderCardActions={albumCardActions(user.id)} detailSlots={albumDetailSlots(user.id)} />;
}
