import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { FamilyTree } from './family-tree';

type FamilyTreePageProps = {
  /** The signed-in person: /family is their own tree. */
  user: { id: number; displayName: string; profilePicture?: string | null };
  /** What the route puts below the tree (the GEDCOM buttons). */
  footer?: ReactNode;
};

/** /family: one's own tree, with Add Relation, and the way to the tree over several generations. */
export function FamilyTreePage({ user, footer }: FamilyTreePageProps) {
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
        <Link
          component={RouterLink}
          to={paths.familyTree.getHref(user.id)}
          sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
        >
          See several generations, and find anyone in the family
        </Link>
      </Box>
      {footer && <Box sx={{ mt: 2 }}>{footer}</Box>}
    </>
  );
}
