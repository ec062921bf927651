import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { GedcomActions } from '../../gedcom/components/gedcom-actions';
import { FamilyTree } from './family-tree';

type FamilyTreePageProps = {
  /** The signed-in person: /family is their own tree. */
  user: { id: number; displayName: string; profilePicture?: string | null };
};

/** /family: one's own tree, with Add Relation, and the way to the tree over several generations. */
export function FamilyTreePage({ user }: FamilyTreePageProps) {
  return (
    <>
      <FamilyTree
        rootUserId={user.id}
        rootName={user.displayName}
        rootPicture={user.profilePicture ?? null}
        isOwnTree
        headingLevel="h1"
      />
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.familyTree.getHref(user.id)}>
          See several generations, and find anyone in the family
        </Link>
      </Box>
      <Box sx={{ mt: 2 }}>
        <GedcomActions />
      </Box>
    </>
  );
}
