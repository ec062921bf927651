import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type Ref } from 'react';

type PasswordFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
};

/** A password input with a show/hide button, so a typo on a phone keyboard can be seen. */
export function PasswordField({
  id,
  name,
  label,
  value,
  autoComplete,
  error,
  helperText,
  inputRef,
  onChange,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);

  return (
    <TextField
      id={id}
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      value={value}
      autoComplete={autoComplete}
      error={!!error}
      helperText={error ?? helperText}
      inputRef={inputRef}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
