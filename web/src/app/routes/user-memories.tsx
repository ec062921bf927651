import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { MemoriesPage } from '../../features/profile/components/memories-page';
import { parseId } from '../../lib/parse-id';

/** /profile/{id}/memories: all of a person's memories. */
export default function UserMemoriesRoute() {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return <MemoriesPage key={userId} userId={userId} currentUserId={user.id} />;
}
