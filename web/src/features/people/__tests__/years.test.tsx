import { lifeYears, yearOf } from '../utils/years';

describe(yearOf.name, () => {
  it.each([
    ['12 MAR 1901', '1901'],
    ['1850', '1850'],
    ['ABT 1850', 'c. 1850'],
    ['BET 1900 AND 1910', 'c. 1900'],
    ['@#DJULIAN@ 1699/00', '1699'],
    ['', null],
    [null, null],
    ['(about the war)', null],
  ])('reads %j as %j', (date, year) => {
    expect(yearOf(date)).toBe(year);
  });
});

describe(lifeYears.name, () => {
  it('shows birth and death years, or what is known', () => {
    expect(lifeYears({ birth: { date: '1850', place: null }, death: { date: '1910', place: null } })).toBe('1850–1910');
    expect(lifeYears({ birth: { date: '3 JUN 1990', place: null }, death: null })).toBe('b. 1990');
    expect(lifeYears({ birth: null, death: { date: null, place: null } })).toBeNull();
    expect(lifeYears({ birth: { date: 'ABT 1820', place: null }, death: { date: null, place: null } })).toBe(
      'c. 1820–?',
    );
    expect(lifeYears({ birth: null, death: null })).toBeNull();
  });
});
