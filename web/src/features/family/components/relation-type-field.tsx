import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { RelationType } from '@family/contract';
import { RELATION_TYPE_OPTIONS } from '../types';

type RelationTypeFieldProps = {
  id: string;
  value: RelationType | '';
  onChange: (value: RelationType | '') => void;
  error?: string;
  /** Says which way round the relation reads, e.g. "What is Alice to you?". */
  helperText: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLSelectElement>;
};

/** A native select: on a phone it opens the phone's own large picker. */
export function RelationTypeField({
  id,
  value,
  onChange,
  error,
  helperText,
  disabled,
  inputRef,
}: RelationTypeFieldProps) {
  return (
    <TextField
      id={id}
      select
      label="Relation type"
      value={value}
      disabled={disabled}
      error={!!error}
      helperText={error ?? helperText}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value as RelationType | '')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choose a relation…</option>
      {RELATION_TYPE_OPTIONS.map((type) => (
        <option key={type.value} value={type.value}>
          {type.label}
        </option>
      ))}
    </TextField>
  );
}
