import { FamilyTreePage } from '../../features/family/components/family-tree-page';
import { GedcomActions } from '../../features/gedcom/components/gedcom-actions';
import { useCurrentUser } from '../../lib/queries/current-user';

export default function FamilyRoute() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <FamilyTreePage user={user} footer={<GedcomActions />} />;
}
