import { FamilyTree } from './family-tree';

type FamilyTreePageProps = {
  /** The signed-in person: /family is their own tree. */
  user: { id: number; displayName: string; profilePicture?: string | null };
};

/** /family: one's own tree, with Add Relation. */
export function FamilyTreePage({ user }: FamilyTreePageProps) {
  return (
    <FamilyTree
      rootUserId={user.id}
      rootName={user.displayName}
      rootPicture={user.profilePicture ?? null}
      isOwnTree
      headingLevel="h1"
    />
  );
}
