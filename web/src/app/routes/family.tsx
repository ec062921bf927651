import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { FamilyTreePage } from '../../features/family/components/family-tree-page';

export default function FamilyRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <FamilyTreePage user={user} />;
}
