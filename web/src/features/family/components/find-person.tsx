import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { PersonListItem } from '@family/contract';
import { usePeopleSearch, yearsOf } from '../../../lib/queries/people';

/** "Find a person": type part of a name, pick someone (their years beside the name) to centre the tree on them. */
export function FindPerson({ onPick }: { onPick: (person: PersonListItem) => void }) {
  const [text, setText] = useState('');
  const { people, isLoading } = usePeopleSearch(text);
  return (
    <Autocomplete
      options={people}
      value={null}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, person) => person && onPick(person)}
      getOptionLabel={(person) => person.displayName}
      getOptionKey={(person) => person.id}
      filterOptions={(options) => options}
      loading={isLoading && text.trim() !== ''}
      noOptionsText={text.trim() ? 'Nobody found' : 'Type part of a name'}
      renderOption={({ key, ...props }, person) => {
        const years = yearsOf(person);
        return (
          <li key={key} {...props}>
            {person.displayName}
            {years && <span style={{ marginLeft: 8, opacity: 0.7 }}>{years}</span>}
          </li>
        );
      }}
      sx={{ flex: 1, minWidth: 220 }}
      renderInput={(params) => <TextField {...params} label="Find a person" />}
    />
  );
}
