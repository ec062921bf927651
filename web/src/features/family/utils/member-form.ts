import { PASSWORD_MIN, USERNAME_MIN, type CreateMemberRequest } from '@family/contract';
import { BIRTHDAY_FAULT_MESSAGES, birthdayFault } from '../../../lib/birthday';

/** The new-member fields shared by Add Relation's Create New form and the add-family-member dialog. */
export type NewMemberFields = {
  username: string;
  displayName: string;
  email: string;
  birthday: string;
  password: string;
};

export type NewMemberErrors = Partial<Record<keyof NewMemberFields, string>>;

export const EMPTY_NEW_MEMBER: NewMemberFields = {
  username: '',
  displayName: '',
  email: '',
  birthday: '',
  password: '',
};

/** The order of the fields on screen: focus goes to the first one with a problem. */
export const NEW_MEMBER_FIELD_ORDER: Array<keyof NewMemberFields> = [
  'username',
  'displayName',
  'email',
  'birthday',
  'password',
];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(value: string): string | undefined {
  const email = value.trim();
  return email && !EMAIL_PATTERN.test(email) ? 'Invalid email' : undefined;
}

/**
 * Which of docs/product.md's two new-member forms: Add Relation's Create New ('create', "New family member form") or
 * the New User of the dialog on another person's profile ('invite', "Add-member dialog on another user's profile").
 */
export type MemberFormKind = 'create' | 'invite';

/** Create New asks for a display name; the profile dialog falls back to the username. */
export function displayNameRequired(kind: MemberFormKind): boolean {
  return kind === 'create';
}

/** The problems of the new member's fields, by field, in the sentences of docs/product.md "Validation". */
export function validateNewMember(fields: NewMemberFields, today: string, kind: MemberFormKind): NewMemberErrors {
  const errors: NewMemberErrors = {};
  if (kind === 'create') {
    if (fields.username.trim().length < USERNAME_MIN) {
      errors.username = `Username must be at least ${USERNAME_MIN} characters`;
    }
  } else if (!fields.username.trim()) {
    errors.username = 'Username is required';
  }
  if (displayNameRequired(kind) && !fields.displayName.trim()) errors.displayName = 'Display name is required';
  const email = emailProblem(fields.email);
  if (email) errors.email = email;
  // docs/product.md "New family member form": the birthday is optional, and a wrong one is told by what is wrong.
  const birthday = fields.birthday ? birthdayFault(fields.birthday, today) : null;
  if (birthday) errors.birthday = BIRTHDAY_FAULT_MESSAGES[birthday];
  if (fields.password.length < PASSWORD_MIN) {
    errors.password = `Password must be at least ${PASSWORD_MIN} characters`;
  }
  return errors;
}

export function isBlank(fields: NewMemberFields): boolean {
  return Object.values(fields).every((value) => !value.trim());
}

/** The request body: trimmed, with empty optional fields left out. */
export function memberPayload(fields: NewMemberFields): CreateMemberRequest {
  const username = fields.username.trim();
  const email = fields.email.trim();
  return {
    username,
    password: fields.password,
    displayName: fields.displayName.trim() || username,
    ...(email ? { email } : {}),
    ...(fields.birthday ? { birthday: fields.birthday } : {}),
  };
}
