import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { UserMediaPage } from '../../features/media/components/user-media-page';
import { parseId } from '../../lib/parse-id';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

/** /profile/{id}/tagged: the media person {id} is tagged in (DESIGN.md: that person's, not the viewer's). */
export default function UserTaggedRoute() {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return (
    <UserMediaPage
      key={userId}
      userId={userId}
      kind="tagged"
      renderCardActions={albumCardActions(user.id)}
      detailSlots={albumDetailSlots(user.id)}
    />
  );
}
