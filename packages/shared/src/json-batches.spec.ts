import { chunks, jsonBatches } from './json-batches';

describe('jsonBatches', () => {
  it('keeps every batch under the budget, in order, with nothing lost', () => {
    const items = Array.from({ length: 50 }, (_, index) => ({ index, text: 'x'.repeat(100) }));
    const batches = jsonBatches(items, { budget: 1000 });
    expect(batches.flat()).toEqual(items);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThanOrEqual(1000);
    expect(batches.length).toBeGreaterThan(5);
  });

  it('gives the first batch its own budget, caps the count, and sends an oversized item alone', () => {
    const small = Array.from({ length: 10 }, () => 'ab');
    expect(jsonBatches(small, { budget: 1000, firstBudget: 12 }).map((batch) => batch.length)).toEqual([2, 8]);
    expect(jsonBatches(small, { most: 4 }).map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(jsonBatches(['y'.repeat(50), 'z'], { budget: 10 })).toEqual([['y'.repeat(50)], ['z']]);
    expect(jsonBatches([])).toEqual([]);
  });
});

describe('chunks', () => {
  it('slices in order', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
  });
});
