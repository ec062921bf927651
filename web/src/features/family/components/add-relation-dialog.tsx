import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useAddRelation } from '../api/use-add-relation';
import { useCreateMember } from '../api/use-create-member';
import { useFamilyPeople } from '../api/use-family-people';
import { useRefreshFamily } from '../api/use-refresh-family';
import type { FamilyPerson, RelationType } from '../types';
import {
  EMPTY_NEW_MEMBER,
  NEW_MEMBER_FIELD_ORDER,
  memberPayload,
  todayIso,
  validateNewMember,
  type NewMemberErrors,
  type NewMemberFields as Fields,
} from '../utils/member-form';
import { NewMemberFields } from './new-member-fields';
import { PersonPicker } from './person-picker';
import { RelationTypeField } from './relation-type-field';

type Mode = 'existing' | 'new';
type Errors = NewMemberErrors & { person?: string; relationType?: string };
type FieldName = keyof Errors;

type AddRelationDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in person: the relation is theirs. */
  userId: number;
  /** People already related to them, not offered again. */
  relatedIds: ReadonlySet<number>;
};

/**
 * Add Relation on one's own tree: choose someone already in the archive, or create a new member (who then
 * inherits the obvious relations, DESIGN.md "inheritRelations"), and say what they are to you.
 */
export function AddRelationDialog({ open, onClose, userId, relatedIds }: AddRelationDialogProps) {
  const [mode, setMode] = useState<Mode>('existing');
  const [person, setPerson] = useState<FamilyPerson | null>(null);
  const [relationType, setRelationType] = useState<RelationType | ''>('');
  const [fields, setFields] = useState<Fields>(EMPTY_NEW_MEMBER);
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const titleId = useId();
  const idPrefix = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const { people, isLoading } = useFamilyPeople(open);
  const addRelation = useAddRelation();
  const createMember = useCreateMember();
  const refresh = useRefreshFamily();
  const { toast } = useToast();
  const busy = addRelation.isMutating || createMember.isMutating;
  const today = todayIso();

  const choices = useMemo(
    () => people.filter((candidate) => candidate.id !== userId && !relatedIds.has(candidate.id)),
    [people, userId, relatedIds],
  );

  const reset = () => {
    setMode('existing');
    setPerson(null);
    setRelationType('');
    setFields(EMPTY_NEW_MEMBER);
    setErrors({});
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const clearError = (name: FieldName) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const inputRef = (name: FieldName) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };

  /** Shows the problems; true when there are none. */
  const check = (problems: Errors, order: FieldName[]) => {
    setErrors(problems);
    const first = order.find((name) => problems[name]);
    if (first) inputs.current[first]?.focus();
    return !first;
  };

  const fail = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });

  const done = (title: string, description: string) => {
    toast({ title, description });
    void refresh();
    reset();
    onClose();
  };

  const addExisting = async () => {
    const problems: Errors = {};
    if (!person) problems.person = 'Please select a family member';
    if (!relationType) problems.relationType = 'Please select a relation type';
    if (!check(problems, ['person', 'relationType']) || !person || !relationType) return;
    try {
      await addRelation.trigger({ toUserId: person.id, relationType });
      done('Family relation added successfully', `${person.displayName} is now in your family tree.`);
    } catch (error) {
      fail(error);
    }
  };

  const addNew = async () => {
    const problems: Errors = validateNewMember(fields, today);
    if (!relationType) problems.relationType = 'Please select a relation type';
    if (!check(problems, [...NEW_MEMBER_FIELD_ORDER, 'relationType']) || !relationType) return;
    let created: FamilyPerson;
    try {
      created = (await createMember.trigger(memberPayload(fields))).user;
    } catch (error) {
      fail(error);
      return;
    }
    try {
      await addRelation.trigger({ toUserId: created.id, relationType, inheritRelations: true });
      done('New family member added successfully', `${created.displayName} can now log in and is in your tree.`);
    } catch (error) {
      // The account exists now: offer them as an existing person so a second try does not create them twice.
      void refresh();
      setMode('existing');
      setPerson(created);
      setFields(EMPTY_NEW_MEMBER);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: `${errorMessage(error)} ${created.displayName} was added to the archive; choose a relation and try again.`,
      });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void (mode === 'existing' ? addExisting() : addNew());
  };

  const relationHelp =
    mode === 'existing'
      ? `What is ${person?.displayName ?? 'this person'} to you?`
      : 'What is the new family member to you?';

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Add Relation</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Choose someone already in the family archive, or create a new family member.
          </DialogContentText>
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            value={mode}
            disabled={busy}
            onChange={(_event, next: Mode | null) => {
              if (!next) return;
              setMode(next);
              setErrors({});
            }}
            aria-label="How to add the relative"
            sx={{
              mb: 3,
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              },
            }}
          >
            <ToggleButton value="existing" sx={{ minHeight: 48 }}>
              Existing Person
            </ToggleButton>
            <ToggleButton value="new" sx={{ minHeight: 48 }}>
              Create New
            </ToggleButton>
          </ToggleButtonGroup>

          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            {mode === 'existing' ? (
              <PersonPicker
                id={`${idPrefix}-person`}
                label="Family member"
                people={choices}
                value={person}
                loading={isLoading}
                disabled={busy}
                error={errors.person}
                inputRef={inputRef('person')}
                onChange={(next) => {
                  setPerson(next);
                  clearError('person');
                }}
              />
            ) : (
              <NewMemberFields
                idPrefix={idPrefix}
                values={fields}
                errors={errors}
                today={today}
                displayNameRequired
                disabled={busy}
                inputRef={inputRef}
                onChange={(name, value) => {
                  setFields((current) => ({ ...current, [name]: value }));
                  clearError(name);
                }}
              />
            )}
            <RelationTypeField
              id={`${idPrefix}-relation-type`}
              value={relationType}
              error={errors.relationType}
              helperText={relationHelp}
              disabled={busy}
              inputRef={inputRef('relationType')}
              onChange={(next) => {
                setRelationType(next);
                clearError('relationType');
              }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={busy} variant="outlined">
            Cancel
          </Button>
          <Button type="submit" disabled={busy} variant="contained">
            {mode === 'existing' ? (busy ? 'Adding...' : 'Add Relation') : busy ? 'Creating...' : 'Create and Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
