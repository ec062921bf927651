/** A JSON body stays under the services' 100 kB limit with room to spare. */
export const BODY_BUDGET = 90_000;

/**
 * Consecutive batches of at most `most` items whose JSON stays under `budget` bytes (the first under
 * `firstBudget`, when the first body carries more beside its items): what an internal call can send at once. An
 * item larger than the budget is a batch of its own.
 */
export function jsonBatches<T>(
  items: T[],
  {
    budget = BODY_BUDGET,
    firstBudget = budget,
    most = 1000,
  }: { budget?: number; firstBudget?: number; most?: number } = {},
): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    const limit = out.length === 0 ? firstBudget : budget;
    if (batch.length > 0 && (bytes + size > limit || batch.length >= most)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Consecutive slices of `size` items. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
