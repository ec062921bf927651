import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { PersonDetail, PersonFields, Sex } from '@family/contract';
import { dateInWords } from '@family/shared/genealogy';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageSpinner } from '../../../components/page-spinner';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { ProfileSectionCard } from '../../../components/profile-section-card';
import { useDeletePerson, usePerson, useUpdatePerson } from '../api/use-person';
import { MergePersonDialog } from './merge-person-dialog';
import { lifeYears } from '../utils/years';
import { HistoryCard } from './history-card';
import { InviteCard } from './invite-card';
import { PersonFormDialog } from './person-form-dialog';
import { PersonPortrait } from './person-portrait';

/** Cards other features provide for the person (composed in by the route). */
export type PersonSlots = {
  taggedMedia?: ReactNode;
  memories?: ReactNode;
  familyTree?: ReactNode;
  relationAction?: ReactNode;
};

const SEX_WORDS: Record<Sex, string | null> = { F: 'Female', M: 'Male', X: 'Other', U: null };

function eventLine(label: string, event: PersonDetail['birth']): string | null {
  if (!event) return null;
  // Dates as words ("about 1850"), never the grammar they are stored in (docs/product.md "A person without an account").
  const parts = [event.date && dateInWords(event.date), event.place].filter(Boolean);
  return `${label}: ${parts.length ? parts.join(', ') : 'date and place unknown'}`;
}

/** The profile card of a person without an account: name, years, birth and death, Edit, Merge and Delete. */
function PersonCard({ person }: { person: PersonDetail }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [merging, setMerging] = useState(false);
  const update = useUpdatePerson(person.id);
  const remove = useDeletePerson(person.id);
  const { toast } = useToast();
  const navigate = useNavigate();
  const years = lifeYears(person);

  useEffect(() => {
    document.title = `${person.displayName} · Family Archive`;
  }, [person.displayName]);

  const save = async (fields: PersonFields) => {
    try {
      await update.trigger(fields);
      toast({ title: 'Profile updated successfully' });
      return true;
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
      return false;
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.trigger();
      toast({ title: 'Person deleted successfully' });
      void navigate(paths.people.getHref());
    } catch (e) {
      setDeleting(false);
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
    }
  };

  return (
    <Card component="section" aria-labelledby="person-profile-heading" sx={{ gridColumn: '1 / -1' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="person-profile-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Profile
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'center', sm: 'flex-start' },
            gap: 3,
          }}
        >
          <PersonPortrait person={person} />
          <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {person.displayName}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
              {years && <Typography sx={{ color: 'text.secondary' }}>{years}</Typography>}
              <Chip size="small" variant="outlined" label="No account" />
              {!person.living && <Chip size="small" variant="outlined" label="Deceased" />}
            </Box>
            {[SEX_WORDS[person.sex], eventLine('Born', person.birth), eventLine('Died', person.death)]
              .filter(Boolean)
              .map((line) => (
                <Typography key={line}>{line}</Typography>
              ))}
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="outlined" onClick={() => setMerging(true)}>
                Merge
              </Button>
              <Button color="error" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </Box>
          </Box>
        </Box>
      </CardContent>
      {editing && (
        <PersonFormDialog
          open
          title={`Edit ${person.displayName}`}
          person={person}
          busy={update.isMutating}
          onClose={() => setEditing(false)}
          onSave={save}
        />
      )}
      <MergePersonDialog open={merging} person={person} onClose={() => setMerging(false)} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${person.displayName}?`}
        description="Their ties in the family tree go with them. Someone still tagged in media or invited cannot be deleted."
        confirmLabel="Delete"
        destructive
        busy={remove.isMutating}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />
    </Card>
  );
}

/**
 * /profile/{id} of a person without an account: profile, story, tagged media, memories others wrote about them,
 * history with Undo, Invite, tree.
 */
export function PersonProfilePage({ personId, slots }: { personId: number; slots?: PersonSlots }) {
  const { person, error, isLoading, retry } = usePerson(personId);
  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error || !person)
    return <LoadError message={errorMessage(error, 'Could not load this person.')} onRetry={retry} />;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Link
            component={RouterLink}
            to={paths.people.getHref()}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Back to People
          </Link>
          <Link
            component={RouterLink}
            to={paths.familyTree.getHref(person.id)}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
          >
            Generations
          </Link>
        </Box>
        {slots?.relationAction}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: { xs: 2, sm: 3 },
          alignItems: 'start',
        }}
      >
        <PersonCard person={person} />
        <ProfileSectionCard title="Story">
          <Typography sx={{ whiteSpace: 'pre-wrap', color: person.story ? undefined : 'text.secondary' }}>
            {person.story ?? 'No story yet.'}
          </Typography>
        </ProfileSectionCard>
        {slots?.taggedMedia}
        {slots?.memories}
        <HistoryCard personId={person.id} />
        <InviteCard personId={person.id} name={person.displayName} />
        {slots?.familyTree && <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{slots.familyTree}</Box>}
      </Box>
    </>
  );
}
