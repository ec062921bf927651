import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { formatBytes } from '../utils/bytes';
import { fileOfAnyKind } from '../utils/upload-checks';

// Visually hidden: the buttons open them.
const HIDDEN_INPUT = { position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' } as const;

type FilePickerProps = {
  label: string;
  optional?: boolean;
  accept?: string;
  /** Many files at once. */
  multiple?: boolean;
  /** A second button for a whole folder (desktop browsers). */
  offerFolder?: boolean;
  /** How many files are chosen, and, for one, its name. */
  chosen: number;
  chosenName?: string;
  disabled: boolean;
  onChange: (files: File[]) => void;
};

/** Big "Choose …" buttons over the native file inputs, with what was chosen. */
export function FilePicker({
  label,
  optional = false,
  accept,
  multiple = false,
  offerFolder = false,
  chosen,
  chosenName,
  disabled,
  onChange,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement, fromFolder: boolean) => {
    const files = [...(input.files ?? [])];
    // A folder holds more than photos: only the files the archive takes, and never hidden ones.
    onChange(fromFolder ? files.filter((file) => !file.name.startsWith('.') && fileOfAnyKind(file)) : files);
    // The same file can be chosen again after a refusal.
    input.value = '';
  };
  const noun = label.toLowerCase();
  const fullLabel = optional ? `${label} (optional)` : label;
  return (
    <Box>
      <Typography sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>{fullLabel}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
          {chosen > 0 ? (multiple ? 'Add more files' : 'Choose another') : `Choose ${noun}`}
        </Button>
        {offerFolder && (
          <Button
            variant="outlined"
            disabled={disabled}
            onClick={() => folder.current?.click()}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            Choose a folder
          </Button>
        )}
        {!multiple && (
          <Typography sx={{ color: chosen ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>
            {chosenName ?? 'No file chosen'}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        // Named like the words above it; the buttons are what a finger or the keyboard reaches.
        aria-label={fullLabel}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        // The keyboard reaches the button above, which opens it and shows the focus ring; the input is unseen.
        tabIndex={-1}
        style={HIDDEN_INPUT}
        onChange={(event) => take(event.target, false)}
      />
      {offerFolder && (
        <input
          ref={folder}
          type="file"
          // React passes the attribute as it is; browsers then let one pick a folder and give every file inside.
          {...{ webkitdirectory: '', directory: '' }}
          multiple
          disabled={disabled}
          tabIndex={-1}
          aria-hidden="true"
          style={HIDDEN_INPUT}
          onChange={(event) => take(event.target, true)}
        />
      )}
    </Box>
  );
}

/** Rows shown before "and N more": a folder of a thousand photos stays a short list. */
const SHOWN = 50;

type ChosenFilesProps = {
  files: File[];
  maxBytes?: number;
  onRemove: (file: File) => void;
};

/** The files chosen so far, each with its size and a Remove button; those over the limit say so. */
export function ChosenFiles({ files, maxBytes, onRemove }: ChosenFilesProps) {
  const headingId = useId();
  if (files.length === 0) {
    return <Typography sx={{ color: 'text.secondary', mt: -1.5 }}>No files chosen</Typography>;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Box sx={{ mt: -1 }}>
      <Typography id={headingId} sx={{ fontWeight: 600 }}>
        {files.length === 1 ? '1 file' : `${files.length} files`}, {formatBytes(total)}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: '16rem', overflowY: 'auto' }}
      >
        {files.slice(0, SHOWN).map((file, index) => {
          const tooLarge = maxBytes !== undefined && file.size > maxBytes;
          return (
            <Box
              component="li"
              // By place: a file without a known date gives a new lastModified each time it is read.
              key={`${index}/${file.name}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Box component="span" sx={{ color: tooLarge ? 'error.dark' : 'text.secondary' }}>
                  ({formatBytes(file.size)}
                  {tooLarge ? ', too large' : ''})
                </Box>
              </Typography>
              <IconButton aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
                <CloseIcon />
              </IconButton>
            </Box>
          );
        })}
        {files.length > SHOWN && (
          <Typography component="li" sx={{ color: 'text.secondary' }}>
            and {files.length - SHOWN} more
          </Typography>
        )}
      </Box>
    </Box>
  );
}
