import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { ProfileSectionPage } from '../../features/profile/components/profile-section-page';
import { parseId } from '../../lib/parse-id';

export default function UserMemoriesRoute() {
  const userId = parseId(useParams().id);
  if (userId === null) return <NotFound />;
  return <ProfileSectionPage key={userId} userId={userId} title="Memories" />;
}
