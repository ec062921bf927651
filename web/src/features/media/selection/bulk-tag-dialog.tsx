import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { BulkResult } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { usePeopleToPick } from '../../../lib/queries/people';
import { useBulkAction } from '../api/use-bulk-actions';
import { personName } from '../utils/format';
import { bulkReport, itemCount } from './bulk-report';

type BulkTagDialogProps = {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onDone: (result: BulkResult) => void;
};

/** Tag one person in every selected item (docs/rights.md "Media rights": tagging's rules per item), one request. */
export function BulkTagDialog({ open, ids, onClose, onDone }: BulkTagDialogProps) {
  const [userId, setUserId] = useState('');
  const selectId = useId();
  const { people } = usePeopleToPick(open);
  const bulk = useBulkAction();
  const chosen = people.find((person) => String(person.id) === userId) ?? null;

  const form = useFormSubmit({
    send: () => (chosen ? bulk({ action: 'tag', ids, userId: chosen.id }) : null),
    success: (result) => bulkReport((n) => `Tagged ${chosen ? personName(chosen) : 'them'} in ${itemCount(n)}`, result),
    refresh: onDone,
    reset: () => setUserId(''),
    onClose,
  });

  return (
    <FormDialog
      open={open}
      form={form}
      title="Tag"
      intro={`Select a person to tag in ${itemCount(ids.length)}`}
      submitLabel="Tag"
      busyLabel="Tagging..."
      submitDisabled={!chosen}
      maxWidth="xs"
    >
      <TextField
        id={selectId}
        select
        label="Person to tag"
        value={userId}
        disabled={form.busy}
        onChange={(event) => setUserId(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">Select a user to tag</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {personName(person)}
          </option>
        ))}
      </TextField>
    </FormDialog>
  );
}
