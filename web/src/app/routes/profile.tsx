import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { ProfilePage } from '../../features/profile/components/profile-page';

export default function ProfileRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfilePage user={user} own />;
}
