import { localToday } from '@family/contract';
import { ageOn, birthdayProblem } from '../../../lib/birthday';
import { emailProblem } from '../utils/email';

describe('birthday checks (docs/product.md "Profile edits")', () => {
  const message = 'Please enter a valid date in YYYY-MM-DD format';

  it.each(['1948-02-30', '1948-2-3', '03/02/1948', '1948-13-01', 'yesterday', ''])('refuses %p', (value) => {
    expect(birthdayProblem(value, '2026-06-15')).toBe(message);
  });

  it('accepts real dates from 1900-01-01 up to today, and nothing after', () => {
    expect(birthdayProblem('1900-01-01', '2026-06-15')).toBeNull();
    expect(birthdayProblem('1899-12-31', '2026-06-15')).toBe(message);
    expect(birthdayProblem('2026-06-15', '2026-06-15')).toBeNull();
    expect(birthdayProblem('2026-06-16', '2026-06-15')).toBe(message);
    expect(birthdayProblem('2024-02-29', '2026-06-15')).toBeNull();
  });

  it('computes the age from the calendar date', () => {
    expect(ageOn('1948-03-02', '2026-03-01')).toBe(77);
    expect(ageOn('1948-03-02', '2026-03-02')).toBe(78);
    expect(ageOn('2024-02-29', '2025-02-28')).toBe(0);
    expect(ageOn('2024-02-29', '2025-03-01')).toBe(1);
    expect(ageOn('2026-06-15', '2026-06-15')).toBe(0);
  });

  it("takes today from the device's own calendar", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('email check', () => {
  it('accepts an address, trimmed, and empty (which removes it)', () => {
    expect(emailProblem(' rose@example.org ')).toBeNull();
    expect(emailProblem('')).toBeNull();
    expect(emailProblem('   ')).toBeNull();
  });

  it.each(['rose', 'rose@', 'rose@garden', 'rose garden@example.org', '@example.org'])('refuses %p', (value) => {
    expect(emailProblem(value)).toBe('Please enter a valid email address');
  });
});
