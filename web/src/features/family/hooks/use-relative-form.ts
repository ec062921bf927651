import { useRef, useState } from 'react';
import { localToday, type CreateMemberRequest, type PersonSummary, type RelationType } from '@family/contract';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { errorMessage } from '../../../lib/api';
import { useCreatePerson } from '../../../lib/queries/people';
import { useAddRelation } from '../api/use-add-relation';
import { useRefreshFamily } from '../api/use-refresh-family';
import { EMPTY_NEW_MEMBER, memberPayload, type MemberFormKind, type NewMemberFields } from '../utils/member-form';
import {
  EMPTY_NEW_PERSON,
  RELATIVE_FIELD_ORDER,
  checkExistingRelative,
  checkNewPerson,
  checkNewRelative,
  type NewPersonFields,
  type RelativeErrors,
  type RelativeField,
  type RelativeMode,
  type RelativeProblems,
} from '../utils/relative-form';

type RelativeFormOptions = {
  /** Which of the two new-member forms of docs/product.md "Validation": its checks and sentences. */
  kind: MemberFormKind;
  /** Makes the new relative's account: useCreateMember() or useRegisterMember(). */
  createAccount: { trigger: (input: CreateMemberRequest) => Promise<{ user: PersonSummary }> };
  /** Whose relation it is when it is not the signed-in person's own (sent as fromUserId). */
  fromUserId?: number;
  onClose: () => void;
  /** The toast once the relation is added: who, and whether their account was made just now. */
  added: (person: PersonSummary, mode: RelativeMode) => { title: string; description: string };
};

/** Who was added, and whether their account was made just now. */
type Added = { relative: PersonSummary; how: RelativeMode };

/**
 * The state and the submit of an Add Relation form: check what was filled in, make the new relative's account
 * when asked, add the relation (a new member inherits the obvious relations, docs/product.md "Inherited relations"),
 * then say so, refresh the family and close.
 */
export function useRelativeForm({ kind, createAccount, fromUserId, onClose, added }: RelativeFormOptions) {
  // Most relatives added to a family tree never sign in: the form opens on a person without an account.
  const [mode, setMode] = useState<RelativeMode>('person');
  const [person, setPerson] = useState<PersonSummary | null>(null);
  const [relationType, setRelationType] = useState<RelationType | ''>('');
  const [fields, setFields] = useState<NewMemberFields>(EMPTY_NEW_MEMBER);
  const [personFields, setPersonFields] = useState<NewPersonFields>(EMPTY_NEW_PERSON);
  const [errors, setErrors] = useState<RelativeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<RelativeField, HTMLElement | null>>>({});

  const addRelation = useAddRelation();
  const createPerson = useCreatePerson();
  const refresh = useRefreshFamily();
  const today = localToday();
  const owner = fromUserId === undefined ? {} : { fromUserId };

  const clearError = (name: RelativeField) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  const inputRef = (name: RelativeField) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };

  /** Shows the problems and focuses the first; true when there are none. */
  const check = (problems: RelativeProblems) => {
    if ('formError' in problems) {
      setFormError(problems.formError);
      inputs.current[problems.focus]?.focus();
      return false;
    }
    setErrors(problems.errors);
    const first = RELATIVE_FIELD_ORDER.find((name) => problems.errors[name]);
    if (first) inputs.current[first]?.focus();
    return !first;
  };

  const addExisting = (chosen: PersonSummary, type: RelationType): Promise<Added> =>
    addRelation
      .trigger({ ...owner, toUserId: chosen.id, relationType: type })
      .then(() => ({ relative: chosen, how: 'existing' }));

  /** A new relative: with an account (`new`), or a person without one (`person`). */
  const addNew = async (how: 'new' | 'person', type: RelationType): Promise<Added> => {
    const created = how === 'new' ? (await createAccount.trigger(memberPayload(fields))).user : await newPerson();
    try {
      await addRelation.trigger({ ...owner, toUserId: created.id, relationType: type, inheritRelations: true });
    } catch (error) {
      // The account exists now: offer them as an existing person so a second try does not create them twice,
      // and say both what failed and what is done in the error toast.
      void refresh();
      setMode('existing');
      setPerson(created);
      setFields(EMPTY_NEW_MEMBER);
      setPersonFields(EMPTY_NEW_PERSON);
      throw new Error(
        `${errorMessage(error)} ${created.displayName} was added to the archive; choose a relation and try again.`,
        { cause: error },
      );
    }
    return { relative: created, how };
  };

  const newPerson = () => {
    const birth = personFields.birthDate.trim();
    return createPerson.trigger({
      givenName: personFields.givenName.trim() || null,
      surname: personFields.surname.trim() || null,
      ...(birth ? { birth: { date: birth, place: null } } : {}),
    });
  };

  const form = useFormSubmit({
    send: () => {
      if (mode === 'existing') {
        if (!check(checkExistingRelative(kind, person, relationType)) || !person || !relationType) return null;
        return addExisting(person, relationType);
      }
      const problems =
        mode === 'new'
          ? checkNewRelative(kind, fields, relationType, today)
          : checkNewPerson(personFields, relationType);
      if (!check(problems) || !relationType) return null;
      return addNew(mode, relationType);
    },
    success: ({ relative, how }) => added(relative, how),
    refresh: () => refresh(),
    reset: () => {
      setMode('person');
      setPerson(null);
      setRelationType('');
      setFields(EMPTY_NEW_MEMBER);
      setPersonFields(EMPTY_NEW_PERSON);
      setErrors({});
      setFormError(null);
    },
    onClose,
  });

  return {
    kind,
    mode,
    person,
    relationType,
    fields,
    personFields,
    errors,
    formError,
    busy: form.busy,
    today,
    inputRef,
    close: form.close,
    onSubmit: form.onSubmit,
    switchMode: (next: RelativeMode) => {
      setMode(next);
      setErrors({});
      setFormError(null);
    },
    choosePerson: (next: PersonSummary | null) => {
      setPerson(next);
      clearError('person');
    },
    chooseRelationType: (next: RelationType | '') => {
      setRelationType(next);
      clearError('relationType');
    },
    changePersonField: (name: keyof NewPersonFields, value: string) => {
      setPersonFields((current) => ({ ...current, [name]: value }));
      if (name === 'givenName' || name === 'surname') clearError('givenName');
    },
    changeField: (name: keyof NewMemberFields, value: string) => {
      setFields((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
  };
}

export type RelativeForm = ReturnType<typeof useRelativeForm>;
