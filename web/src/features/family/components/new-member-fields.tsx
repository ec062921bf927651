import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { EARLIEST_BIRTHDAY, PASSWORD_MIN } from '@family/contract';
import type { MemberFormKind, NewMemberErrors, NewMemberFields as Fields } from '../utils/member-form';
import { displayNameRequired } from '../utils/member-form';

type NewMemberFieldsProps = {
  idPrefix: string;
  values: Fields;
  errors: NewMemberErrors;
  onChange: (name: keyof Fields, value: string) => void;
  /** Today (YYYY-MM-DD): the latest birthday the picker offers. */
  today: string;
  /** Add Relation asks for a display name; the profile dialog falls back to the username. */
  kind: MemberFormKind;
  disabled?: boolean;
  inputRef: (name: keyof Fields) => (element: HTMLInputElement | null) => void;
};

/** Username, display name, email, birthday and password of a relative who has no account yet. */
export function NewMemberFields({
  idPrefix,
  values,
  errors,
  onChange,
  today,
  kind,
  disabled,
  inputRef,
}: NewMemberFieldsProps) {
  const common = (name: keyof Fields) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    disabled,
    error: !!errors[name],
    inputRef: inputRef(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });
  return (
    <>
      <TextField
        {...common('username')}
        label="Username"
        autoComplete="off"
        helperText={errors.username ?? 'They log in with this. At least 3 characters.'}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        }}
      />
      <TextField
        {...common('displayName')}
        label={displayNameRequired(kind) ? 'Display name' : 'Display name (optional)'}
        autoComplete="off"
        helperText={errors.displayName ?? 'The name the family sees, e.g. Grandma Rose.'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        {...common('email')}
        type="email"
        label="Email (optional)"
        autoComplete="off"
        helperText={errors.email}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'email' } }}
      />
      <TextField
        {...common('birthday')}
        type="date"
        label="Birthday (optional)"
        helperText={errors.birthday}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_BIRTHDAY, max: today } }}
      />
      <TextField
        {...common('password')}
        type="password"
        label="Password"
        autoComplete="new-password"
        helperText={errors.password ?? `At least ${PASSWORD_MIN} characters. Tell them what it is.`}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
