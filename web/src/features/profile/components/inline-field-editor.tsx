import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useFormSubmit } from '../../../components/form/use-form-submit';

type InlineFieldEditorProps = {
  /** 'Birthday', 'Email', 'Display name'. */
  label: string;
  /** The saved value as shown (or a 'Not set' note). */
  display: ReactNode;
  /** The owner sees an edit button; everyone else only reads. */
  canEdit: boolean;
  /** The value the editor starts from, and returns to on Cancel. */
  savedValue: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  min?: string;
  max?: string;
  helperText?: string;
  /** A sentence when the value can't be sent; the input tells about half-typed dates. */
  validate: (value: string, input: HTMLInputElement | null) => string | null;
  /** Sends the value; the editor closes once it resolves and stays open (after an error toast) if it rejects. */
  onSave: (value: string) => Promise<unknown>;
  /** The toast once saved. */
  savedMessage: string;
};

/** A labelled value with an Edit button; editing shows one field with Save and Cancel (Cancel reverts). */
export function InlineFieldEditor({
  label,
  display,
  canEdit,
  savedValue,
  type = 'text',
  autoComplete,
  min,
  max,
  helperText,
  validate,
  onSave,
  savedMessage,
}: InlineFieldEditorProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(savedValue);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();

  const startEditing = () => {
    setValue(savedValue);
    setProblem(null);
    setEditing(true);
  };

  const form = useFormSubmit({
    send: () => {
      const found = validate(value, inputRef.current);
      setProblem(found);
      if (!found) return onSave(value);
      inputRef.current?.focus();
      return null;
    },
    success: () => ({ title: savedMessage }),
    // Cancel reverts to the saved value.
    reset: () => {
      setValue(savedValue);
      setProblem(null);
    },
    onClose: () => setEditing(false),
  });
  const saving = form.busy;

  if (!editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48, py: 0.5 }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { sm: 'baseline' },
            columnGap: 1,
          }}
        >
          <Typography
            id={labelId}
            component="span"
            sx={{ fontWeight: 600, width: { sm: '9.5rem' }, flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {label}
          </Typography>
          <Box component="span" aria-labelledby={labelId} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {display}
          </Box>
        </Box>
        {canEdit && (
          <Button
            variant="text"
            onClick={startEditing}
            aria-label={`Edit ${label.toLowerCase()}`}
            sx={{ flexShrink: 0 }}
          >
            Edit
          </Button>
        )}
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1 }}>
      <TextField
        label={label}
        type={type}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (problem) setProblem(null);
        }}
        inputRef={inputRef}
        autoFocus
        autoComplete={autoComplete}
        error={problem !== null}
        helperText={problem ?? helperText}
        disabled={saving}
        sx={{ flex: '1 1 16rem' }}
        slotProps={{
          inputLabel: type === 'date' ? { shrink: true } : undefined,
          htmlInput: { min, max },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outlined" onClick={form.close} disabled={saving}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
