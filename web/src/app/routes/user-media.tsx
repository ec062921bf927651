import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { UserMediaPage } from '../../features/media/components/user-media-page';
import { parseId } from '../../lib/parse-id';
import { useCurrentUser } from '../../lib/queries/current-user';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

/** A person's media page, with the album buttons on every card and in the detail dialog. */
function UserMediaRoute({ kind }: { kind: 'uploaded' | 'tagged' }) {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return (
    <UserMediaPage
      key={userId}
      userId={userId}
      kind={kind}
      renderCardActions={albumCardActions(user.id)}
      detailSlots={albumDetailSlots(user.id)}
    />
  );
}

/** /profile/{id}/uploaded: everything that person uploaded (as far as the viewer may see). */
export function UserUploadedRoute() {
  return <UserMediaRoute kind="uploaded" />;
}

/** /profile/{id}/tagged: what person {id}, not the viewer, is tagged in (docs/product.md "A person's media pages"). */
export function UserTaggedRoute() {
  return <UserMediaRoute kind="tagged" />;
}
