import type { PersonSummary, RelationType } from '@family/contract';
import {
  NEW_MEMBER_FIELD_ORDER,
  isBlank,
  validateNewMember,
  type MemberFormKind,
  type NewMemberErrors,
  type NewMemberFields,
} from './member-form';

/** Relate someone already in the archive, make their account first, or add them without an account. */
export type RelativeMode = 'existing' | 'new' | 'person';

/** A relative without an account: their names and, if known, when they were born (as genealogy writes it). */
export type NewPersonFields = { givenName: string; surname: string; birthDate: string };
export const EMPTY_NEW_PERSON: NewPersonFields = { givenName: '', surname: '', birthDate: '' };

export type RelativeErrors = NewMemberErrors & { person?: string; relationType?: string; givenName?: string };
export type RelativeField = keyof RelativeErrors;

/** The order of the fields on screen: focus goes to the first one with a problem. */
export const RELATIVE_FIELD_ORDER: RelativeField[] = ['person', 'givenName', ...NEW_MEMBER_FIELD_ORDER, 'relationType'];

/**
 * What a submit found: the problems to show beside their fields (none: go ahead), or, in the profile dialog
 * (docs/product.md "Add-member dialog on another user's profile"), one sentence above the form and the field to focus.
 */
export type RelativeProblems = { errors: RelativeErrors } | { formError: string; focus: RelativeField };

const RELATION_TYPE_REQUIRED = 'Please select a relation type';

/** Existing Person / Existing User: who, and what they are. */
export function checkExistingRelative(
  kind: MemberFormKind,
  person: PersonSummary | null,
  relationType: RelationType | '',
): RelativeProblems {
  if (kind === 'invite' && !person) return { formError: 'Please select a user', focus: 'person' };
  const errors: RelativeErrors = {};
  if (!person) errors.person = 'Please select a family member';
  if (!relationType) errors.relationType = RELATION_TYPE_REQUIRED;
  return { errors };
}

/** Create New / New User: the new member's fields, and what they are. */
export function checkNewRelative(
  kind: MemberFormKind,
  fields: NewMemberFields,
  relationType: RelationType | '',
  today: string,
): RelativeProblems {
  if (kind === 'invite' && isBlank(fields)) {
    return { formError: 'Please fill in the new user details', focus: 'username' };
  }
  const errors: RelativeErrors = validateNewMember(fields, today, kind);
  if (!relationType) errors.relationType = RELATION_TYPE_REQUIRED;
  return { errors };
}

/** New Person: a name, and what they are. */
export function checkNewPerson(fields: NewPersonFields, relationType: RelationType | ''): RelativeProblems {
  const errors: RelativeErrors = {};
  if (!fields.givenName.trim() && !fields.surname.trim()) errors.givenName = 'Please enter a given name or a surname';
  if (!relationType) errors.relationType = RELATION_TYPE_REQUIRED;
  return { errors };
}
