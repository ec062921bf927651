import { useId, useState } from 'react';
import type { BulkResult } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { PersonPicker } from '../../../components/person-picker';
import type { PickablePerson } from '../../../lib/queries/people';
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
  const [chosen, setChosen] = useState<PickablePerson | null>(null);
  const pickerId = useId();
  const bulk = useBulkAction();

  const form = useFormSubmit({
    send: () => (chosen ? bulk({ action: 'tag', ids, userId: chosen.id }) : null),
    success: (result) => bulkReport((n) => `Tagged ${chosen ? personName(chosen) : 'them'} in ${itemCount(n)}`, result),
    refresh: onDone,
    reset: () => setChosen(null),
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
      <PersonPicker id={pickerId} label="Person to tag" value={chosen} onChange={setChosen} disabled={form.busy} />
    </FormDialog>
  );
}
