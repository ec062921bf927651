import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MEDIA_PLACE_MAX, type MediaItem } from '@family/contract';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useDateHint } from '../api/use-date-hint';
import type { MediaChanges } from '../api/use-update-media';
import { mediaDateInWords, typedDate } from '../utils/item-date';
import { ItemDateField, itemDateProblem, type ItemDateValue } from './item-date-field';

/** The words an uncertain date shows as, when they read back as the same date; else its text. */
function roughText(item: MediaItem): string {
  if (!item.mediaDateText) return '';
  const words = mediaDateInWords(item);
  const again = typedDate(words);
  return typeof again !== 'string' && again.words === words ? words : item.mediaDateText;
}

type MediaEditFormProps = {
  item: MediaItem;
  /** Sends the changes; rejects when they were refused. */
  onSave: (changes: MediaChanges) => Promise<unknown>;
  /** Back to viewing: after saving, and on Cancel. */
  onDone: () => void;
};

/** Edit mode of the detail dialog: title, description and date, with Save and Cancel. */
export function MediaEditForm({ item, onSave, onDone }: MediaEditFormProps) {
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description ?? '');
  const [date, setDate] = useState<ItemDateValue>({
    roughly: item.mediaDateText !== null,
    day: item.mediaDateText ? '' : item.mediaDate,
    text: roughText(item),
  });
  const [place, setPlace] = useState(item.place ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const hint = useDateHint(item.id);

  const form = useFormSubmit({
    send: () => {
      const found = !title.trim() ? 'Please enter a title' : itemDateProblem(date);
      setProblem(found);
      if (found) return null;
      const when = date.roughly ? { mediaDateText: date.text.trim() } : { mediaDate: date.day };
      // The place only when changed: one a person writes stays when the item is prepared again (docs/api.md "Places").
      const newPlace = place.trim() ? place.trim() : null;
      const where = newPlace !== item.place ? { place: newPlace } : {};
      return onSave({ title, description: description.trim() ? description : null, ...where, ...when });
    },
    success: () => ({ title: 'Success', description: 'Media updated successfully' }),
    onClose: onDone,
  });
  const saving = form.busy;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.onSubmit}
      aria-label="Edit media"
      sx={{ display: 'grid', gap: 2, pt: 1 }}
    >
      <TextField
        label="Title"
        placeholder="Enter title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        autoFocus
        disabled={saving}
      />
      <TextField
        label="Description"
        placeholder="Enter description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={3}
        disabled={saving}
      />
      <ItemDateField value={date} onChange={setDate} disabled={saving} hint={hint} />
      <TextField
        label="Place"
        placeholder="Where it was taken, like Kraków, Poland"
        value={place}
        onChange={(event) => setPlace(event.target.value)}
        disabled={saving}
        slotProps={{ htmlInput: { maxLength: MEDIA_PLACE_MAX } }}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={form.close} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
