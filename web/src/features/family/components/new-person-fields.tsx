import TextField from '@mui/material/TextField';
import type { NewPersonFields as Fields } from '../utils/relative-form';

type NewPersonFieldsProps = {
  idPrefix: string;
  values: Fields;
  /** The name's problem ('Please enter a given name or a surname'). */
  error?: string;
  disabled: boolean;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (name: keyof Fields, value: string) => void;
};

/** A relative without an account: no username or password to invent, only who they are. */
export function NewPersonFields({ idPrefix, values, error, disabled, inputRef, onChange }: NewPersonFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-given-name`}
        label="Given name"
        value={values.givenName}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        inputRef={inputRef}
        onChange={(event) => onChange('givenName', event.target.value)}
        fullWidth
      />
      <TextField
        id={`${idPrefix}-surname`}
        label="Surname"
        value={values.surname}
        disabled={disabled}
        onChange={(event) => onChange('surname', event.target.value)}
        fullWidth
      />
      <TextField
        id={`${idPrefix}-birth-date`}
        label="Birth date (optional)"
        value={values.birthDate}
        helperText="Like 12 MAR 1901, 1850 or ABT 1850"
        disabled={disabled}
        onChange={(event) => onChange('birthDate', event.target.value)}
        fullWidth
      />
    </>
  );
}
