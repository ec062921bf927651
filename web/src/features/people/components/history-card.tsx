import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { PersonChange, PersonFields } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { ProfileSectionCard } from '../../profile/components/profile-section-card';
import { usePersonHistory, useUndoChange } from '../api/use-person';

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

/** Who changed what and when, newest first; any change still in force can be undone. */
export function HistoryCard({ personId }: { personId: number }) {
  const { changes } = usePersonHistory(personId);
  const undo = useUndoChange(personId);
  const { toast } = useToast();

  const run = async (change: PersonChange) => {
    try {
      await undo.trigger(change.id);
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
          {changes.map((change) => (
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
          ))}
        </List>
      )}
    </ProfileSectionCard>
  );
}
