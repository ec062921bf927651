import { BadRequestException } from '@nestjs/common';
import { ParseIdPipe } from './validation';

describe(ParseIdPipe.name, () => {
  const sut = new ParseIdPipe();

  it('accepts positive integers', () => {
    expect(sut.transform('17')).toBe(17);
    expect(sut.transform('2147483647')).toBe(2147483647);
  });

  it.each(['2147483648', '9999999999', 9999999999])('refuses %p, beyond any id Postgres stores, with 400', (value) => {
    expect(() => sut.transform(value)).toThrow('The id in the address is too large: nothing has an id that big.');
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '', '9999999999999999'])('refuses %p with 400', (value) => {
    expect(() => sut.transform(value)).toThrow(BadRequestException);
  });
});

describe('ParseIdPipe after the global validation pipe', () => {
  it('refuses the NaN that "abc" became, with a sentence', () => {
    expect(() => new ParseIdPipe().transform(Number.NaN)).toThrow('The id in the address must be a whole number.');
    expect(new ParseIdPipe().transform(12)).toBe(12);
  });
});
