import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { PickablePerson } from '../../../lib/queries/people';

type PersonPickerProps = {
  id: string;
  label: string;
  people: PickablePerson[];
  value: PickablePerson | null;
  onChange: (person: PickablePerson | null) => void;
  error?: string;
  loading?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** Type a few letters of a name or username to find someone among the whole family. */
export function PersonPicker({
  id,
  label,
  people,
  value,
  onChange,
  error,
  loading,
  disabled,
  inputRef,
}: PersonPickerProps) {
  return (
    <Autocomplete
      id={id}
      options={people}
      value={value}
      loading={loading}
      disabled={disabled}
      onChange={(_event, person) => onChange(person)}
      getOptionLabel={(person) => person.displayName}
      getOptionKey={(person) => person.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(options, { inputValue }) => {
        const query = inputValue.trim().toLowerCase();
        if (!query) return options;
        return options.filter(
          (person) =>
            person.displayName.toLowerCase().includes(query) || (person.username ?? '').toLowerCase().includes(query),
        );
      }}
      renderOption={({ key, ...props }, person) => (
        <li key={key} {...props}>
          {person.displayName}
          {person.username && person.displayName !== person.username && (
            <span style={{ marginLeft: 8, opacity: 0.7 }}>@{person.username}</span>
          )}
          {person.years && <span style={{ marginLeft: 8, opacity: 0.7 }}>{person.years}</span>}
        </li>
      )}
      noOptionsText={loading ? 'Loading the family…' : 'Nobody found'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error ?? 'Type part of a name to search.'}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
