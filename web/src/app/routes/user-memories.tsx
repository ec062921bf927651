import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { MemoriesPage } from '../../features/profile/components/memories-page';
import { parseId } from '../../lib/parse-id';
import { useCurrentUser } from '../../lib/queries/current-user';

/** /profile/{id}/memories: all of a person's memories. */
export default function UserMemoriesRoute() {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return <MemoriesPage key={userId} userId={userId} currentUserId={user.id} />;
}
