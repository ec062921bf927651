import { ageOn, BIRTHDAY_FAULT_MESSAGES, BIRTHDAY_MESSAGE, birthdayFault, birthdayProblem } from '../birthday';

const today = '2026-06-15';

describe('birthdayFault', () => {
  it('finds nothing wrong with a real date from 1900-01-01 up to today', () => {
    for (const value of ['1900-01-01', '1948-03-02', '2024-02-29', today]) {
      expect(birthdayFault(value, today)).toBeNull();
    }
  });

  it('tells what is wrong', () => {
    expect(birthdayFault('2023-02-29', today)).toBe('not-a-date');
    expect(birthdayFault('1948-3-2', today)).toBe('not-a-date');
    expect(birthdayFault('', today)).toBe('not-a-date');
    expect(birthdayFault('2026-06-16', today)).toBe('in-the-future');
    expect(birthdayFault('1899-12-31', today)).toBe('before-earliest');
  });
});

describe('birthday sentences', () => {
  it('has one sentence per fault for the new-member forms, and the server’s for a profile edit', () => {
    expect(BIRTHDAY_FAULT_MESSAGES).toEqual({
      'not-a-date': 'Please enter a valid date',
      'in-the-future': 'Birthday cannot be in the future',
      'before-earliest': 'Birthday cannot be before 1900-01-01',
    });
    expect(birthdayProblem('2026-06-16', today)).toBe(BIRTHDAY_MESSAGE);
    expect(birthdayProblem('1948-03-02', today)).toBeNull();
  });
});

describe('ageOn', () => {
  it('has no age for a date that is not one, or one still to come', () => {
    expect(ageOn('1948-02-30', today)).toBeNull();
    expect(ageOn('2026-06-16', today)).toBeNull();
  });
});
