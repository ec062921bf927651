import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PersonDetail } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { PersonPicker } from '../../../components/person-picker';
import { paths } from '../../../config/paths';
import type { PickablePerson } from '../../../lib/queries/people';
import { useMergePerson } from '../api/use-person';

type MergePersonDialogProps = {
  open: boolean;
  /** The person without an account who is a duplicate of someone else. */
  person: PersonDetail;
  onClose: () => void;
};

/**
 * Merge: a duplicate without an account folded into the person chosen (docs/rights.md "People rights"): their ties,
 * tags and memories and the fields the other lacks move, and the duplicate goes. Then the page of the person
 * merged into opens.
 */
export function MergePersonDialog({ open, person, onClose }: MergePersonDialogProps) {
  const [into, setInto] = useState<PickablePerson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const pickerId = useId();
  const merge = useMergePerson(person.id);
  const navigate = useNavigate();

  const form = useFormSubmit({
    send: () => {
      if (!into) {
        setError('Please choose the person to merge into');
        field.current?.focus();
        return null;
      }
      return merge.trigger(into.id);
    },
    success: (merged) => ({
      title: 'People merged',
      description: `${person.displayName} is now part of ${merged.displayName}.`,
    }),
    refresh: (merged) => void navigate(paths.userProfile.getHref(merged.id)),
    reset: () => {
      setInto(null);
      setError(null);
    },
    onClose,
  });

  return (
    <FormDialog
      open={open}
      form={form}
      title={`Merge ${person.displayName}`}
      intro={`When ${person.displayName} is the same person as someone else in the archive: their ties, tags and memories, and what the other lacks of their details, move to the person you choose, and ${person.displayName} is removed.`}
      submitLabel="Merge"
      busyLabel="Merging..."
      fullScreenOnPhone
    >
      <PersonPicker
        id={pickerId}
        label="Merge into"
        exclude={[person.id]}
        value={into}
        disabled={form.busy}
        inputRef={field}
        error={error}
        onChange={(next) => {
          setInto(next);
          if (error) setError(null);
        }}
      />
    </FormDialog>
  );
}
