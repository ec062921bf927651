import Box from '@mui/material/Box';
import type { PersonSummary } from '@family/contract';
import { PersonPicker } from '../../../components/person-picker';

/** "Find a person": type part of a name, pick someone (their years beside the name) to centre the tree on them. */
export function FindPerson({ onPick }: { onPick: (person: PersonSummary) => void }) {
  return (
    <Box sx={{ flex: 1, minWidth: 'min(220px, 100%)' }}>
      <PersonPicker
        label="Find a person"
        value={null}
        helperText="Type part of a name."
        onChange={(person) => person && onPick(person)}
      />
    </Box>
  );
}
