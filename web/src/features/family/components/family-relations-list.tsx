import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import type { FamilyRelation, RelationType } from '@family/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useDeleteRelation } from '../api/use-delete-relation';
import { useRefreshFamily } from '../api/use-refresh-family';
import { relationsOfRoot, type RootRelation } from '../utils/relations';

/** More relations than this start folded away behind "Show relations (N)". */
const SHOWN_OPEN_UP_TO = 5;

const ORDER: Record<RelationType, number> = { parent: 0, spouse: 1, sibling: 2, child: 3 };

type FamilyRelationsListProps = {
  /** Whose tree: on one's own tree, the signed-in person. */
  rootUserId: number;
  /** Every relation of the tree, as GET /api/family/{rootUserId} answers. */
  relations: readonly FamilyRelation[];
  /** 'h2' under the family page's h1, 'h3' (the default) inside a card. */
  headingLevel?: 'h2' | 'h3';
};

/** "Your relations" below one's own tree: each relation as a sentence, each removable after a confirmation. */
export function FamilyRelationsList({ rootUserId, relations, headingLevel = 'h3' }: FamilyRelationsListProps) {
  const headingId = useId();
  const listId = useId();
  const own = useMemo(
    () =>
      relationsOfRoot(relations, rootUserId).sort(
        (a, b) =>
          ORDER[a.relationType] - ORDER[b.relationType] || a.person.displayName.localeCompare(b.person.displayName),
      ),
    [relations, rootUserId],
  );
  const [expanded, setExpanded] = useState(false);
  const [toRemove, setToRemove] = useState<RootRelation | null>(null);
  const remove = useDeleteRelation();
  const refresh = useRefreshFamily();
  const { toast } = useToast();

  if (own.length === 0) return null;
  const folded = own.length > SHOWN_OPEN_UP_TO && !expanded;

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove.trigger(toRemove.id);
      toast({
        title: 'Relationship deleted successfully',
        description: `${toRemove.person.displayName} is no longer your ${toRemove.relationType}.`,
      });
      void refresh();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    } finally {
      setToRemove(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={headingId} variant="h6" component={headingLevel}>
          Your relations
        </Typography>
        {own.length > SHOWN_OPEN_UP_TO && (
          <Button
            variant="text"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
            sx={{ minHeight: 48 }}
          >
            {expanded ? 'Hide relations' : `Show relations (${own.length})`}
          </Button>
        )}
      </Box>
      {!folded && (
        <Box component="ul" id={listId} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {own.map((relation) => (
            <Box
              component="li"
              key={relation.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body1" sx={{ fontSize: '1.05rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {`${relation.person.displayName} — your ${relation.relationType}`}
              </Typography>
              <Button
                variant="outlined"
                color="error"
                aria-label={`Remove relation with ${relation.person.displayName}`}
                onClick={() => setToRemove(relation)}
                sx={{ minHeight: 48, minWidth: 96 }}
              >
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove relation"
        description="Are you sure you want to remove this relation?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        destructive
        busy={remove.isMutating}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setToRemove(null)}
      />
    </Box>
  );
}
