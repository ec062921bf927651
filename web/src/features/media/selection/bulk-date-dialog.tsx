import { useState } from 'react';
import type { BulkResult } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useBulkAction } from '../api/use-bulk-actions';
import { ItemDateField, itemDateProblem, type ItemDateValue } from '../components/item-date-field';
import { bulkReport, itemCount } from './bulk-report';

type BulkDateDialogProps = {
  open: boolean;
  ids: number[];
  onClose: () => void;
  onDone: (result: BulkResult) => void;
};

const EMPTY: ItemDateValue = { roughly: true, day: '', text: '' };

/**
 * Give every selected item one date, exact or uncertain ("1950s" for a shoebox of scans), in one request; items
 * one may not edit are skipped (docs/product.md "Uncertain dates").
 */
export function BulkDateDialog({ open, ids, onClose, onDone }: BulkDateDialogProps) {
  const [date, setDate] = useState<ItemDateValue>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const bulk = useBulkAction();

  const form = useFormSubmit({
    send: () => {
      const found = itemDateProblem(date);
      setProblem(found);
      if (found) return null;
      return bulk({ action: 'setDate', ids, date: date.roughly ? date.text.trim() : date.day });
    },
    success: (result) => bulkReport((n) => `Dated ${itemCount(n)}`, result),
    refresh: onDone,
    reset: () => {
      setDate(EMPTY);
      setProblem(null);
    },
    onClose,
  });

  return (
    <FormDialog
      open={open}
      form={form}
      title="Set date"
      intro={problem ?? `One date for ${itemCount(ids.length)}`}
      submitLabel="Set date"
      busyLabel="Saving..."
      maxWidth="xs"
    >
      <ItemDateField value={date} onChange={setDate} disabled={form.busy} />
    </FormDialog>
  );
}
