import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PersonChange, PersonFields, TieChange } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { usePersonHistory, useTieHistory, useUndoChange, useUndoTieChange } from '../api/use-person';

const FIELD_LABELS: Record<keyof PersonFields, string> = {
  displayName: 'name',
  givenName: 'given name',
  surname: 'surname',
  sex: 'sex',
  birth: 'birth',
  death: 'death',
  story: 'story',
};

function describe(change: PersonChange): string {
  if (change.action === 'create') return 'Added to the archive';
  const fields = (Object.keys(FIELD_LABELS) as Array<keyof PersonFields>)
    .filter((name) => name in change.after)
    .map((name) => FIELD_LABELS[name]);
  return `${change.action === 'undo' ? 'Undid a change to' : 'Changed'} ${fields.join(', ')}`;
}

const TIE_WORDS: Record<string, string> = { parent: 'parent', child: 'parent', spouse: 'partner', sibling: 'sibling' };

/** "Added a partner tie: Anna and Piotr (divorced)". */
function describeTie(change: TieChange): string {
  const tie = (change.after ?? change.before)!;
  const verb = { add: 'Added', update: 'Changed', delete: 'Removed' }[change.action];
  const names = change.people.map((person) => person.displayName).join(' and ');
  const kind = change.after?.kind ? ` (${change.after.kind})` : '';
  return `${verb} a ${TIE_WORDS[tie.relationType]} tie: ${names}${kind}`;
}

/**
 * Who changed what and when, newest first: the person's fields and their ties in the family tree; any change
 * still in force can be undone.
 */
export function HistoryCard({ personId }: { personId: number }) {
  const { changes } = usePersonHistory(personId);
  const { tieChanges } = useTieHistory(personId);
  const undo = useUndoChange(personId);
  const undoTie = useUndoTieChange();
  const { toast } = useToast();

  const run = async (change: PersonChange) => {
    try {
      await undo.trigger(change.id);
      toast({ title: 'Change undone' });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
    }
  };

  const runTie = async (change: TieChange) => {
    try {
      await undoTie.trigger(change.id);
      toast({ title: 'Change undone' });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
    }
  };

  return (
    <ProfileSectionCard title="History">
      {!changes?.length ? (
        <Typography sx={{ color: 'text.secondary' }}>No changes yet.</Typography>
      ) : (
        <List dense disablePadding aria-label="Changes">
          {entries(changes, tieChanges ?? []).map(({ fields: change, tie }) =>
            tie ? (
              <ListItem
                key={`tie-${tie.id}`}
                disableGutters
                secondaryAction={
                  tie.undoable ? (
                    <Button size="small" onClick={() => void runTie(tie)} disabled={undoTie.isMutating}>
                      Undo
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={describeTie(tie)}
                  secondary={`${tie.changedBy?.displayName ?? 'The archive'} · ${new Date(tie.changedAt).toLocaleString()}`}
                />
              </ListItem>
            ) : (
              <ListItem
                key={change.id}
                disableGutters
                secondaryAction={
                  change.action !== 'create' && change.undoneBy === null ? (
                    <Button size="small" onClick={() => void run(change)} disabled={undo.isMutating}>
                      Undo
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={`${describe(change)}${change.undoneBy !== null ? ' (undone)' : ''}`}
                  secondary={`${change.changedBy?.displayName ?? 'The archive'} · ${new Date(change.changedAt).toLocaleString()}`}
                />
              </ListItem>
            ),
          )}
        </List>
      )}
    </ProfileSectionCard>
  );
}

/** Field changes and tie changes in one list, newest first. */
function entries(
  changes: PersonChange[],
  ties: TieChange[],
): Array<{ fields: PersonChange; tie?: undefined } | { fields?: undefined; tie: TieChange }> {
  const all = [
    ...changes.map((fields) => ({ fields, at: fields.changedAt })),
    ...ties.map((tie) => ({ tie, at: tie.changedAt })),
  ];
  return all.sort((a, b) => b.at.localeCompare(a.at)).map(({ at: _at, ...entry }) => entry);
}
