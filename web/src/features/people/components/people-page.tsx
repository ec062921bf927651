import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { PersonFields } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useCreatePerson } from '../../../lib/queries/people';
import { usePeople } from '../api/use-people';
import { lifeYears } from '../utils/years';
import { PersonFormDialog } from './person-form-dialog';

/**
 * /people: everyone in the family, with or without an account, searchable by any part of a name. `footer` is
 * what the route puts below the list (the GEDCOM buttons).
 */
export function PeoplePage({ footer }: { footer?: ReactNode } = {}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { people, error, isLoading, hasMore, loadingMore, loadMore, refresh } = usePeople(deferred);
  const [adding, setAdding] = useState(false);
  const create = useCreatePerson();
  const { toast } = useToast();
  const navigate = useNavigate();

  // Coming back to the page after a change elsewhere shows the list as it is now.
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = async (fields: PersonFields) => {
    try {
      const person = await create.trigger(fields);
      toast({ title: 'Person added successfully' });
      void navigate(paths.userProfile.getHref(person.id));
      return true;
    } catch (e) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) });
      return false;
    }
  };

  return (
    <>
      <PageHeading
        title="People"
        subtitle="Everyone in the family, with or without an account"
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setAdding(true)}>
            Add person
          </Button>
        }
      />
      <TextField
        label="Find a person"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        fullWidth
        sx={{ mb: 2 }}
      />
      {isLoading && <PageSpinner />}
      {error && <LoadError message={errorMessage(error, 'Could not load the people.')} onRetry={refresh} />}
      {!isLoading && !error && people.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          {deferred.trim() ? `Nobody's name contains "${deferred.trim()}".` : 'Nobody is in the archive yet.'}
        </Typography>
      )}
      {people.length > 0 && (
        <Paper variant="outlined">
          <List aria-label="People" disablePadding>
            {people.map((person) => (
              <ListItem key={person.id} disablePadding divider>
                {/* On a narrow screen (200% zoom) the "No account" chip goes under the name rather than over it. */}
                <ListItemButton
                  component={RouterLink}
                  to={paths.userProfile.getHref(person.id)}
                  sx={{ flexWrap: 'wrap', columnGap: 1 }}
                >
                  <ListItemAvatar>
                    <Avatar src={person.profilePicture ?? undefined} alt="">
                      {person.displayName.slice(0, 1)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    sx={{ minWidth: 'min(7rem, 100%)' }}
                    primary={person.displayName}
                    secondary={lifeYears(person) ?? (person.hasAccount ? `@${person.username}` : null)}
                  />
                  {!person.hasAccount && <Chip size="small" label="No account" variant="outlined" />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void loadMore()} disabled={loadingMore}>
            Load more
          </Button>
        </Box>
      )}
      {footer && <Box sx={{ mt: 3 }}>{footer}</Box>}
      <PersonFormDialog
        open={adding}
        title="Add a person"
        busy={create.isMutating}
        onClose={() => setAdding(false)}
        onSave={save}
      />
    </>
  );
}
