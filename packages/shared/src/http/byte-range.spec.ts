import { etagMatches, parseRange } from './byte-range';

describe(parseRange.name, () => {
  it.each([
    [undefined, 'none'],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=1000-1200', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', 'none'],
    ['bytes=0-1,5-9', 'none'],
    ['items=0-9', 'none'],
    ['bytes=-', 'none'],
  ])('reads %s of 1000 bytes as %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe(etagMatches.name, () => {
  it('compares weakly and understands lists and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
