import { lifeYears } from '../utils/years';

describe(lifeYears.name, () => {
  it('shows birth and death years in words, or what is known, never GEDCOM keywords', () => {
    expect(lifeYears({ birth: { date: '1850', place: null }, death: { date: '1910', place: null } })).toBe('1850–1910');
    expect(lifeYears({ birth: { date: '3 JUN 1990', place: null }, death: null })).toBe('born 1990');
    expect(lifeYears({ birth: null, death: { date: null, place: null } })).toBeNull();
    expect(lifeYears({ birth: { date: 'ABT 1820', place: null }, death: { date: null, place: null } })).toBe(
      'about 1820 – ?',
    );
    expect(lifeYears({ birth: { date: 'BET 1900 AND 1910', place: null }, death: { date: '1975', place: null } })).toBe(
      '1900/1910–1975',
    );
    expect(lifeYears({ birth: null, death: null })).toBeNull();
  });
});
