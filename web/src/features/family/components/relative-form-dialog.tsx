import Alert from '@mui/material/Alert';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId, useMemo } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { PersonPicker } from '../../../components/person-picker';
import type { RelativeForm } from '../hooks/use-relative-form';
import type { RelativeMode } from '../utils/relative-form';
import { NewMemberFields } from './new-member-fields';
import { NewPersonFields } from './new-person-fields';
import { RelationTypeField } from './relation-type-field';

type RelativeFormDialogProps = {
  open: boolean;
  /** From useRelativeForm(): what is filled in, and what closing and submitting do. */
  form: RelativeForm;
  /** The person the relation is to: not offered as their own relative. */
  ownerId: number;
  /** People already related to them, not offered again. */
  relatedIds: ReadonlySet<number>;
  title: string;
  intro: string;
  /** The words on the two buttons that choose between an existing person and a new one. */
  modeLabels: Record<RelativeMode, string>;
  /** The label of the existing-person picker. */
  personLabel: string;
  /** Says which way round the relation reads, e.g. "What is Alice to you?". */
  relationHelp: string;
  submitLabel: string;
  /** The submit button's words while sending. */
  busyLabel: string;
};

/**
 * The dialog both Add Relation forms share: choose an existing person or fill in a new one, choose the relation
 * type, submit. Full screen on a phone.
 */
export function RelativeFormDialog({
  open,
  form,
  ownerId,
  relatedIds,
  title,
  intro,
  modeLabels,
  personLabel,
  relationHelp,
  submitLabel,
  busyLabel,
}: RelativeFormDialogProps) {
  const idPrefix = useId();
  const notOffered = useMemo(() => [ownerId, ...relatedIds], [ownerId, relatedIds]);
  const { busy, errors } = form;

  return (
    <FormDialog
      open={open}
      form={form}
      title={title}
      intro={intro}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      fullScreenOnPhone
    >
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={form.mode}
        disabled={busy}
        onChange={(_event, next: RelativeMode | null) => {
          if (next) form.switchMode(next);
        }}
        aria-label="How to add the relative"
        sx={{
          mb: 0.5,
          '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          },
        }}
      >
        <ToggleButton value="person" sx={{ minHeight: 48 }}>
          {modeLabels.person}
        </ToggleButton>
        <ToggleButton value="existing" sx={{ minHeight: 48 }}>
          {modeLabels.existing}
        </ToggleButton>
        <ToggleButton value="new" sx={{ minHeight: 48 }}>
          {modeLabels.new}
        </ToggleButton>
      </ToggleButtonGroup>

      {form.formError && (
        <Alert severity="error" sx={{ fontSize: '1rem' }}>
          {form.formError}
        </Alert>
      )}

      {form.mode === 'existing' ? (
        <PersonPicker
          id={`${idPrefix}-person`}
          label={personLabel}
          exclude={notOffered}
          value={form.person}
          disabled={busy}
          error={errors.person}
          inputRef={form.inputRef('person')}
          onChange={form.choosePerson}
        />
      ) : form.mode === 'person' ? (
        <NewPersonFields
          idPrefix={idPrefix}
          values={form.personFields}
          error={errors.givenName}
          disabled={busy}
          inputRef={form.inputRef('givenName')}
          onChange={form.changePersonField}
        />
      ) : (
        <NewMemberFields
          idPrefix={idPrefix}
          values={form.fields}
          errors={errors}
          today={form.today}
          kind={form.kind}
          disabled={busy}
          inputRef={form.inputRef}
          onChange={form.changeField}
        />
      )}
      <RelationTypeField
        id={`${idPrefix}-relation-type`}
        value={form.relationType}
        error={errors.relationType}
        helperText={relationHelp}
        disabled={busy}
        inputRef={form.inputRef('relationType')}
        onChange={form.chooseRelationType}
      />
    </FormDialog>
  );
}
