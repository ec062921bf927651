import Alert from '@mui/material/Alert';
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
import { useFamilyPeople } from '../api/use-family-people';
import { useFamilyTree } from '../api/use-family-tree';
import { useRefreshFamily } from '../api/use-refresh-family';
import { useRegisterMember } from '../api/use-register-member';
import type { FamilyPerson, RelationType } from '../types';
import {
  EMPTY_NEW_MEMBER,
  NEW_MEMBER_FIELD_ORDER,
  isBlank,
  memberPayload,
  todayIso,
  validateInvitedMember,
  type NewMemberErrors,
  type NewMemberFields as Fields,
} from '../utils/member-form';
import { NewMemberFields } from './new-member-fields';
import { PersonPicker } from './person-picker';
import { RelationTypeField } from './relation-type-field';

type Mode = 'existing' | 'new';
type Errors = NewMemberErrors & { user?: string; relationType?: string };
type FieldName = keyof Errors;

export type AddFamilyMemberDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The person whose profile this is: the relation is theirs (sent as fromUserId). */
  fromUserId: number;
  /** Their display name, for the sentences in the dialog. */
  fromUserName: string;
};

/**
 * Add Relation on another person's profile: relate someone already in the archive, or a new user, to that
 * person. The new user's account is made with POST /api/register?autoLogin=false, so the caller stays
 * signed in as themselves.
 */
export function AddFamilyMemberDialog({ open, onClose, fromUserId, fromUserName }: AddFamilyMemberDialogProps) {
  const [mode, setMode] = useState<Mode>('existing');
  const [user, setUser] = useState<FamilyPerson | null>(null);
  const [relationType, setRelationType] = useState<RelationType | ''>('');
  const [fields, setFields] = useState<Fields>(EMPTY_NEW_MEMBER);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const titleId = useId();
  const idPrefix = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const { people, isLoading } = useFamilyPeople(open);
  const { relations } = useFamilyTree(open ? fromUserId : null);
  const addRelation = useAddRelation();
  const registerMember = useRegisterMember();
  const refresh = useRefreshFamily();
  const { toast } = useToast();
  const busy = addRelation.isMutating || registerMember.isMutating;
  const today = todayIso();

  const choices = useMemo(() => {
    const related = new Set<number>();
    for (const relation of relations ?? []) {
      if (relation.fromUserId === fromUserId) related.add(relation.toUserId);
      if (relation.toUserId === fromUserId) related.add(relation.fromUserId);
    }
    return people.filter((person) => person.id !== fromUserId && !related.has(person.id));
  }, [people, relations, fromUserId]);

  const reset = () => {
    setMode('existing');
    setUser(null);
    setRelationType('');
    setFields(EMPTY_NEW_MEMBER);
    setErrors({});
    setFormError(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const clearError = (name: FieldName) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  const inputRef = (name: FieldName) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };

  const check = (problems: Errors, order: FieldName[]) => {
    setErrors(problems);
    const first = order.find((name) => problems[name]);
    if (first) inputs.current[first]?.focus();
    return !first;
  };

  const fail = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });

  const done = (person: FamilyPerson) => {
    toast({
      title: 'Family member added successfully',
      description: `${person.displayName} is now in ${fromUserName}'s family tree.`,
    });
    void refresh();
    reset();
    onClose();
  };

  const addExisting = async () => {
    if (!user) {
      setFormError('Please select a user');
      inputs.current.user?.focus();
      return;
    }
    if (!check(relationType ? {} : { relationType: 'Please select a relation type' }, ['relationType'])) return;
    if (!relationType) return;
    try {
      await addRelation.trigger({ fromUserId, toUserId: user.id, relationType });
      done(user);
    } catch (error) {
      fail(error);
    }
  };

  const addNew = async () => {
    if (isBlank(fields)) {
      setFormError('Please fill in the new user details');
      inputs.current.username?.focus();
      return;
    }
    const problems: Errors = validateInvitedMember(fields, today);
    if (!relationType) problems.relationType = 'Please select a relation type';
    if (!check(problems, [...NEW_MEMBER_FIELD_ORDER, 'relationType']) || !relationType) return;
    let created: FamilyPerson;
    try {
      created = (await registerMember.trigger(memberPayload(fields))).user;
    } catch (error) {
      fail(error);
      return;
    }
    try {
      await addRelation.trigger({ fromUserId, toUserId: created.id, relationType, inheritRelations: true });
      done(created);
    } catch (error) {
      // The account exists now: offer them as an existing user so a second try does not create them twice.
      void refresh();
      setMode('existing');
      setUser(created);
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

  const who = mode === 'existing' ? (user?.displayName ?? 'this person') : 'the new user';

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>Add Family Member</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Add a relative of {fromUserName}.</DialogContentText>
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
              setFormError(null);
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
              Existing User
            </ToggleButton>
            <ToggleButton value="new" sx={{ minHeight: 48 }}>
              New User
            </ToggleButton>
          </ToggleButtonGroup>

          {formError && (
            <Alert severity="error" sx={{ mb: 2.5, fontSize: '1rem' }}>
              {formError}
            </Alert>
          )}

          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            {mode === 'existing' ? (
              <PersonPicker
                id={`${idPrefix}-user`}
                label="User"
                people={choices}
                value={user}
                loading={isLoading}
                disabled={busy}
                inputRef={inputRef('user')}
                onChange={(next) => {
                  setUser(next);
                  clearError('user');
                }}
              />
            ) : (
              <NewMemberFields
                idPrefix={idPrefix}
                values={fields}
                errors={errors}
                today={today}
                displayNameRequired={false}
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
              helperText={`What is ${who} to ${fromUserName}?`}
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
            {busy ? 'Adding...' : 'Add Family Member'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
