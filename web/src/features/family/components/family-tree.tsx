import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PersonSummary } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useFamilyTree } from '../api/use-family-tree';
import { relatedIdsOf } from '../utils/relations';
import { TREE, layoutFamilyTree } from '../utils/tree-layout';
import { AddRelationDialog } from './add-relation-dialog';
import { FamilyRelationsList } from './family-relations-list';
import { FamilyTreeCanvas } from './family-tree-canvas';

export type FamilyTreeProps = {
  /** Whose tree: they stand in the centre. */
  rootUserId: number;
  /** Their display name, for the subtitle on someone else's tree. */
  rootName: string;
  /** One's own tree offers Add Relation; another person's tree is read-only. */
  isOwnTree: boolean;
  /** The signed-in person, whose node opens '/profile'. On one's own tree it is the root. */
  currentUserId?: number;
  /** Shown in the root's circle before any relation brings their picture. */
  rootPicture?: string | null;
  /** Called for a tapped (or Enter-pressed) person instead of opening their profile. */
  onPersonClick?: (person: PersonSummary) => void;
  /** 'h1' on the family page (it names the browser tab); 'h2' (the default) inside home or a profile. */
  headingLevel?: 'h1' | 'h2';
};

/** The family tree of one person: title, subtitle, Add Relation on one's own tree, and the canvas. */
export function FamilyTree({
  rootUserId,
  rootName,
  isOwnTree,
  currentUserId,
  rootPicture = null,
  onPersonClick,
  headingLevel = 'h2',
}: FamilyTreeProps) {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const { relations, error, isLoading, retry } = useFamilyTree(rootUserId);
  const title = 'Family Tree';
  const subtitle = isOwnTree ? 'Your family connections' : `${rootName}'s family connections`;
  const me = currentUserId ?? (isOwnTree ? rootUserId : undefined);

  const layout = useMemo(
    () =>
      layoutFamilyTree(rootUserId, relations ?? [], {
        id: rootUserId,
        username: '',
        displayName: rootName,
        profilePicture: rootPicture,
      }),
    [relations, rootUserId, rootName, rootPicture],
  );

  const relatedIds = useMemo(() => relatedIdsOf(relations ?? [], rootUserId), [relations, rootUserId]);

  const open = (person: PersonSummary) => {
    if (onPersonClick) onPersonClick(person);
    else navigate(person.id === me ? paths.profile.getHref() : paths.userProfile.getHref(person.id));
  };

  const addButton = isOwnTree && (
    <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setAdding(true)}>
      Add Relation
    </Button>
  );

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ height: TREE.viewportHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading the family tree" size={48} />
      </Box>
    );
  } else if (error || !relations) {
    body = (
      <Box sx={{ minHeight: 200 }}>
        <LoadError message={errorMessage(error, 'Could not load the family tree.')} onRetry={retry} />
      </Box>
    );
  } else {
    body = (
      <>
        {relations.length === 0 && (
          <Alert severity="info" sx={{ mb: 2, fontSize: '1rem' }}>
            {isOwnTree
              ? 'Only you are in your tree so far. Use Add Relation to add your parents, children, brothers and sisters, or spouse.'
              : `${rootName} has no family connections yet.`}
          </Alert>
        )}
        <FamilyTreeCanvas
          layout={layout}
          label={isOwnTree ? 'Your family tree' : `${rootName}'s family tree`}
          onOpen={open}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          Drag with the mouse, or two fingers on a phone, to move around; scroll, pinch or use + and − to zoom. Full
          screen lets one finger move the tree. Tap a person to open their profile.
        </Typography>
        {isOwnTree && (
          <FamilyRelationsList
            rootUserId={rootUserId}
            relations={relations}
            headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'}
          />
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-label={headingLevel === 'h1' ? undefined : title}>
      <PageHeading title={title} subtitle={subtitle} actions={addButton} level={headingLevel} />
      {body}
      {isOwnTree && (
        <AddRelationDialog open={adding} onClose={() => setAdding(false)} userId={rootUserId} relatedIds={relatedIds} />
      )}
    </Box>
  );
}
