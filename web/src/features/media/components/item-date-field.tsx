import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { MediaDateHint } from '@family/contract';
import { hintLines, typedDate } from '../utils/item-date';

/** The date as the form holds it: an exact day from the date picker, or words for an uncertain date. */
export type ItemDateValue = { roughly: boolean; day: string; text: string };

export const ROUGH_DATE_EXAMPLES = 'Like about 1955, 1950s, before 1940 or summer 1962';

/** The sentence for what is wrong with the date, or null when it can be sent. */
export function itemDateProblem(value: ItemDateValue): string | null {
  if (!value.roughly) return value.day ? null : 'Please pick a date';
  if (!value.text.trim()) return `Please write when, roughly. ${ROUGH_DATE_EXAMPLES}.`;
  const typed = typedDate(value.text);
  return typeof typed === 'string' ? typed : null;
}

type ItemDateFieldProps = {
  value: ItemDateValue;
  onChange: (value: ItemDateValue) => void;
  disabled?: boolean;
  /** What the lives of the people tagged say of the date (one item only). */
  hint?: MediaDateHint;
};

/**
 * An item's date (docs/product.md "Uncertain dates"): a day from the date picker, or, when the exact day is not
 * known, words such as "about 1955" or "1950s", shown back as the archive will show them; with the hint from the
 * people tagged in it, marked when the date cannot agree with it.
 */
export function ItemDateField({ value, onChange, disabled, hint }: ItemDateFieldProps) {
  const typed = value.roughly && value.text.trim() ? typedDate(value.text) : null;
  const span =
    typed && typeof typed !== 'string'
      ? typed
      : !value.roughly && value.day
        ? { earliest: value.day, latest: value.day }
        : null;
  const lines = hintLines(hint, span);
  const conflict = lines.some((line) => line.conflict);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.roughly}
            onChange={(event) => onChange({ ...value, roughly: event.target.checked })}
            disabled={disabled}
          />
        }
        label="The exact day is not known"
      />
      {value.roughly ? (
        <TextField
          label="Roughly when"
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
          disabled={disabled}
          error={typeof typed === 'string'}
          helperText={
            typed === null ? ROUGH_DATE_EXAMPLES : typeof typed === 'string' ? typed : `Shown as “${typed.words}”`
          }
        />
      ) : (
        <TextField
          label="Date"
          type="date"
          value={value.day}
          onChange={(event) => onChange({ ...value, day: event.target.value })}
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { placeholder: 'Pick a date' } }}
        />
      )}
      {lines.length > 0 && (
        <Alert severity={conflict ? 'warning' : 'info'} aria-label="From the people in it">
          {conflict && <AlertTitle>The date does not fit the people in it</AlertTitle>}
          {lines.map((line) => (
            <Box key={line.text} component="span" sx={{ display: 'block', fontWeight: line.conflict ? 700 : 400 }}>
              {line.text}
            </Box>
          ))}
        </Alert>
      )}
    </Box>
  );
}
