import type { BulkResult } from '@family/contract';
import type { ToastInput } from '../../../components/toast/toast-context';

export const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/**
 * What a bulk action did, as a toast (docs/product.md "Select many"): the title says what was done, the description
 * what was skipped and why, each reason once with how many items it held back.
 */
export function bulkReport(doneTitle: (count: number) => string, result: BulkResult): ToastInput {
  const title = doneTitle(result.done.length);
  if (result.skipped.length === 0) return { title };
  const reasons = new Map<string, number>();
  for (const skip of result.skipped) reasons.set(skip.reason, (reasons.get(skip.reason) ?? 0) + 1);
  const why = [...reasons].map(([reason, count]) => `${reason.replace(/\.$/, '')} (${count})`).join('; ');
  return {
    title,
    description: `Skipped ${itemCount(result.skipped.length)}: ${why}.`,
    variant: result.done.length === 0 ? 'destructive' : 'default',
  };
}
