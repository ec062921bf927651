import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { PersonProfilePage } from '../../features/people/components/person-profile-page';
import { MemoriesCard } from '../../features/profile/components/memories-card';
import { UserProfilePage } from '../../features/profile/components/user-profile-page';
import { parseId } from '../../lib/parse-id';
import { useCurrentUser } from '../../lib/queries/current-user';
import { profileSlots } from './profile';

/** /profile/{id}: someone's profile (one's own, editable, when the id is one's own). */
export default function UserProfileRoute() {
  const userId = parseId(useParams().id);
  const { user } = useCurrentUser();
  if (userId === null) return <NotFound />;
  if (!user) return null;
  return (
    <UserProfilePage
      key={userId}
      userId={userId}
      currentUserId={user.id}
      slots={(person, own) => profileSlots(person, own, user.id)}
      personPage={(person) => {
        const { taggedMedia, familyTree, relationAction } = profileSlots(person, false, user.id);
        const memories = <MemoriesCard user={person} own={false} writerId={user.id} />;
        return <PersonProfilePage personId={person.id} slots={{ taggedMedia, memories, familyTree, relationAction }} />;
      }}
    />
  );
}
