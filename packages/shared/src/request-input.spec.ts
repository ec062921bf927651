import { validateSync } from 'class-validator';
import { MaxTextLength } from './request-input';

class Titled {
  @MaxTextLength(4, { message: 'Title must be at most 4 characters' })
  title: unknown;
}

const titled = (title: unknown) => Object.assign(new Titled(), { title });

describe(MaxTextLength.name, () => {
  it.each(['', 'abcd', 'a\u00e9\u00fc\u00df'])('accepts %p', (title) => {
    expect(validateSync(titled(title))).toEqual([]);
  });

  it.each([
    ['five characters', 'abcde'],
    ['three characters with variation selectors (six in Postgres)', 'a\ufe0fb\ufe0fc\ufe0f'],
    ['three emoji (six UTF-16 units)', '\u{1f600}\u{1f600}\u{1f600}'],
    ['a number', 12],
  ])('refuses %s', (_name, title) => {
    const [error] = validateSync(titled(title));
    expect(error.constraints).toEqual({ maxTextLength: 'Title must be at most 4 characters' });
  });
});
