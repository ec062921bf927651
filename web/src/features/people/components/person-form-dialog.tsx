import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { LifeEvent, PersonDetail, PersonFields, Sex } from '@family/contract';

type PersonFormDialogProps = {
  open: boolean;
  title: string;
  /** The person being edited; a new person when left out. */
  person?: PersonDetail;
  busy?: boolean;
  onClose: () => void;
  /** Answers whether the dialog may close (the save worked). */
  onSave: (fields: PersonFields) => Promise<boolean>;
};

const SEX_LABELS: Record<Sex, string> = { F: 'Female', M: 'Male', X: 'Other', U: 'Unknown' };

type Form = {
  givenName: string;
  surname: string;
  sex: Sex;
  birthDate: string;
  birthPlace: string;
  died: boolean;
  deathDate: string;
  deathPlace: string;
  story: string;
};

function formOf(person?: PersonDetail): Form {
  return {
    givenName: person?.givenName ?? '',
    surname: person?.surname ?? '',
    sex: person?.sex ?? 'U',
    birthDate: person?.birth?.date ?? '',
    birthPlace: person?.birth?.place ?? '',
    died: Boolean(person?.death),
    deathDate: person?.death?.date ?? '',
    deathPlace: person?.death?.place ?? '',
    story: person?.story ?? '',
  };
}

const event = (date: string, place: string): LifeEvent | null =>
  date.trim() || place.trim() ? { date: date.trim() || null, place: place.trim() || null } : null;

/** Add or edit a person's genealogical fields; dates are written as genealogy writes them (ABT 1850). */
export function PersonFormDialog({ open, title, person, busy, onClose, onSave }: PersonFormDialogProps) {
  const [form, setForm] = useState<Form>(() => formOf(person));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.givenName.trim() && !form.surname.trim()) {
      setProblem('Please enter a given name or a surname');
      return;
    }
    setProblem(null);
    const death = event(form.deathDate, form.deathPlace) ?? (form.died ? { date: null, place: null } : null);
    const fields: PersonFields = {
      givenName: form.givenName.trim() || null,
      surname: form.surname.trim() || null,
      sex: form.sex,
      birth: event(form.birthDate, form.birthPlace),
      death,
      story: form.story.trim() || null,
    };
    if (await onSave(fields)) {
      if (!person) setForm(formOf());
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Given name"
                value={form.givenName}
                onChange={set('givenName')}
                error={Boolean(problem)}
                helperText={problem}
                fullWidth
                autoFocus
              />
              <TextField label="Surname" value={form.surname} onChange={set('surname')} fullWidth />
            </Stack>
            <TextField select label="Sex" value={form.sex} onChange={set('sex')}>
              {(Object.keys(SEX_LABELS) as Sex[]).map((sex) => (
                <MenuItem key={sex} value={sex}>
                  {SEX_LABELS[sex]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Birth date"
                value={form.birthDate}
                onChange={set('birthDate')}
                helperText="Like 12 MAR 1901, 1850 or ABT 1850"
                fullWidth
              />
              <TextField label="Birth place" value={form.birthPlace} onChange={set('birthPlace')} fullWidth />
            </Stack>
            <TextField
              select
              label="Living"
              value={form.died ? 'died' : 'living'}
              onChange={(e) => setForm((f) => ({ ...f, died: e.target.value === 'died' }))}
            >
              <MenuItem value="living">Living, or not known to have died</MenuItem>
              <MenuItem value="died">Died</MenuItem>
            </TextField>
            {form.died && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Death date"
                  value={form.deathDate}
                  onChange={set('deathDate')}
                  helperText="Like 1944 or BET 1900 AND 1910"
                  fullWidth
                />
                <TextField label="Death place" value={form.deathPlace} onChange={set('deathPlace')} fullWidth />
              </Stack>
            )}
            <TextField label="Story" value={form.story} onChange={set('story')} multiline minRows={3} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
