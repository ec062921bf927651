import { BadRequestException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { IsCalendarDate } from '../calendar-date';
import { NUL_MESSAGE } from '../request-input';
import { trim } from '../transforms';
import { ParseIdPipe, validateInput } from './validation';

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

describe(validateInput.name, () => {
  class Note {
    @Transform(trim)
    @MinLength(1, { message: 'Please enter a title' })
    @IsString({ message: 'Please enter a title' })
    title!: string;

    @IsOptional()
    @IsCalendarDate({ message: 'Please enter the date as YYYY-MM-DD' })
    date?: string;
  }

  it('answers an instance of the DTO, transformed, without unknown fields', async () => {
    const note = await validateInput(Note, { title: '  Hello ', date: '2024-02-29', extra: 'dropped' });
    expect(note).toBeInstanceOf(Note);
    expect(note).toEqual({ title: 'Hello', date: '2024-02-29' });
  });

  it.each([
    [{ title: '   ' }, 'Please enter a title'],
    [{ title: 'Hi', date: '2024-02-30' }, 'Please enter the date as YYYY-MM-DD'],
    [{ date: 'soon' }, 'Please enter a title'],
    [{ title: 'Hi\u0000' }, NUL_MESSAGE],
  ])('refuses %j with 400 and the first broken rule as a sentence', async (input, message) => {
    const refusal = validateInput(Note, input);
    await expect(refusal).rejects.toThrow(BadRequestException);
    await expect(refusal).rejects.toThrow(message);
  });
});
