import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type Ref } from 'react';
import { errorMessage } from '../lib/api';
import { usePersonSearch, type PickablePerson } from '../lib/queries/people';
import { visuallyHidden } from './visually-hidden';

type PickerBase = {
  /** The field's id (its label points at it). */
  id?: string;
  label: string;
  /** Members (people with an account) only: album members are accounts. */
  membersOnly?: boolean;
  /**
   * Only these people are offered, searched here by name instead of on the server: where the server accepts no one
   * else (a private album's item tagged by someone who may not edit it: its album's people).
   */
  among?: readonly PickablePerson[];
  /** People not offered: already tagged, already related, the person themselves. */
  exclude?: Iterable<number>;
  /** Said under the field; an error replaces it. */
  helperText?: string;
  error?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

type SinglePickerProps = PickerBase & {
  multiple?: false;
  value: PickablePerson | null;
  onChange: (person: PickablePerson | null) => void;
};

type MultiplePickerProps = PickerBase & {
  multiple: true;
  value: PickablePerson[];
  onChange: (people: PickablePerson[]) => void;
};

export type PersonPickerProps = SinglePickerProps | MultiplePickerProps;

/** Up to two initials, from letters only ("(Jan) Kowalski" is JK, "李 小龍" is 李龍). */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => Boolean(letter));
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.join('').toUpperCase();
}

/** A name to show: the display name, or the username for the rare account without one. */
export const nameOf = (person: PickablePerson) => person.displayName || person.username || 'Unnamed';

/** What the line under a name says: their years, "member", and the username when the name does not say it. */
export function hintOf(person: PickablePerson): string[] {
  const member = person.hasAccount ?? person.username !== null;
  const hint = [person.years, member ? 'member' : null];
  if (person.username && person.username.toLowerCase() !== nameOf(person).toLowerCase())
    hint.push(`@${person.username}`);
  return hint.filter((part): part is string => Boolean(part));
}

function PersonAvatar({ person, size }: { person: PickablePerson; size: number }) {
  return (
    <Avatar
      src={person.profilePicture ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: `${size / 40}rem`,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {initialsOf(nameOf(person))}
    </Avatar>
  );
}

/** Folds case and accents away, so "zoe" finds "Zoë". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Those of `people` whose name or username holds every word typed (all of them before anything is typed). */
export function matchingNames(people: readonly PickablePerson[], typed: string): PickablePerson[] {
  const words = folded(typed).split(/\s+/).filter(Boolean);
  return people.filter((person) => {
    const said = folded(`${nameOf(person)} ${person.username ?? ''}`);
    return words.every((word) => said.includes(word));
  });
}

/**
 * Picks one person or several from the whole family, however large (docs/product.md "Pickers"): typing searches
 * the server (GET /api/people?q=, members first, then by how well the name matches), each person shown with their
 * picture or initials, name, years and whether they are a member. Before anything is typed it offers the members.
 * A combobox with a listbox (arrow keys, Enter, Escape), and a status line that says how many were found.
 */
export function PersonPicker(props: PersonPickerProps) {
  const { id, label, membersOnly = false, among, exclude, helperText, error, disabled, inputRef } = props;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = usePersonSearch(text, { membersOnly, enabled: open && !among });
  const amongFound = useMemo(() => (among ? matchingNames(among, text) : null), [among, text]);
  const people = amongFound ?? search.people;
  const searching = amongFound ? false : search.searching;
  const answeredFor = amongFound ? text.trim() : search.answeredFor;
  const searchError = amongFound ? undefined : search.error;

  const chosen = props.multiple ? props.value : props.value ? [props.value] : [];
  const options = useMemo(() => {
    const left = new Set(exclude);
    const found = people.filter((person) => !left.has(person.id));
    // A single choice stays among the options so the field keeps showing it while a search runs.
    const single = props.multiple ? null : props.value;
    return single && !found.some((person) => person.id === single.id) ? [single, ...found] : found;
  }, [people, exclude, props.multiple, props.value]);

  const typed = text.trim();
  // What the list says when it has no one: a sentence, never an empty box.
  const emptyText = searching ? 'Searching…' : typed ? 'No one found' : 'Type a name to search';
  const shown = options.filter((person) => !chosen.some((c) => c.id === person.id)).length;
  const status =
    open && !searching && typed && answeredFor === typed
      ? shown === 0
        ? 'No one found'
        : `${shown} ${shown === 1 ? 'person' : 'people'} found`
      : '';

  return (
    <Box>
      <Autocomplete<PickablePerson, boolean, false, false>
        id={id}
        multiple={props.multiple ?? false}
        value={props.value}
        onChange={(_event, next) => {
          if (props.multiple) props.onChange((next as PickablePerson[]) ?? []);
          else props.onChange((next as PickablePerson | null) ?? null);
        }}
        inputValue={text}
        onInputChange={(_event, next) => setText(next)}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        // The server has filtered and ranked them.
        filterOptions={(list) => list}
        filterSelectedOptions={props.multiple}
        autoHighlight
        disabled={disabled}
        loading={searching && options.length === 0}
        loadingText="Searching…"
        noOptionsText={emptyText}
        getOptionLabel={nameOf}
        getOptionKey={(person) => person.id}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        renderOption={({ key, ...optionProps }, person) => {
          const hint = hintOf(person);
          return (
            <Box
              component="li"
              key={key}
              {...optionProps}
              // The name a screen reader says: what is written, in order, without the initials.
              aria-label={[nameOf(person), ...hint].join(', ')}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minHeight: 48 }}
            >
              <PersonAvatar person={person} size={36} />
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {nameOf(person)}
                </Box>
                {hint.length > 0 && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem' }}>
                    {hint.join(' · ')}
                  </Box>
                )}
              </Box>
            </Box>
          );
        }}
        // Several chosen: each a chip with their picture, removed by its cross or Backspace.
        renderValue={
          props.multiple
            ? (value, getItemProps) =>
                (value as PickablePerson[]).map((person, index) => {
                  const { key, ...itemProps } = (getItemProps as (args: { index: number }) => { key: number })({
                    index,
                  });
                  return (
                    <Chip
                      key={key}
                      {...itemProps}
                      avatar={<PersonAvatar person={person} size={24} />}
                      label={nameOf(person)}
                    />
                  );
                })
            : undefined
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={Boolean(error)}
            helperText={
              error ??
              (searchError ? errorMessage(searchError, 'Could not search the family.') : null) ??
              helperText ??
              'Type part of a name to search.'
            }
            inputRef={inputRef}
            slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
          />
        )}
      />
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
    </Box>
  );
}
