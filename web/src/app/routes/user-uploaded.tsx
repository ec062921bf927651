import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { UserMediaPage } from '../../features/media/components/user-media-page';
import { parseId } from '../../lib/parse-id';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

/** /profile/{id}/uploaded: everything that person uploaded (as far as the viewer may see). */
export default function UserUploadedRoute() {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return (
    <UserMediaPage
      key={userId}
      userId={userId}
      kind="uploaded"
      renderCardActions={albumCardActions(user.id)}
      detailSlots={albumDetailSlots(user.id)}
    />
  );
}
