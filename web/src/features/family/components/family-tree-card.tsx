import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { FamilyTree, type FamilyTreeProps } from './family-tree';

export type FamilyTreeCardProps = Omit<FamilyTreeProps, 'headingLevel'>;

/** The family tree in a card: home's tree view and the tree on every profile. */
export function FamilyTreeCard(props: FamilyTreeCardProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <FamilyTree {...props} headingLevel="h2" />
      </CardContent>
    </Card>
  );
}
