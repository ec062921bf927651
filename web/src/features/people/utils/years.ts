import type { LifeEvent, PersonListItem } from '@family/contract';

/** The year a genealogical date speaks of (the first one in `BET 1900 AND 1910`), or null. */
export function yearOf(date: string | null | undefined): string | null {
  if (!date) return null;
  const match = /(?:^|\D)(\d{3,4})(?:\/\d{2})?(?:\D|$)/.exec(date);
  if (!match) return null;
  const approximate = /^(ABT|CAL|EST|BEF|AFT|BET|FROM|TO)\b/i.test(date.trim()) ? 'c. ' : '';
  return `${approximate}${match[1]}`;
}

/** "1850–1910", "b. 1990", "d. 1944", "1850–?" (dead, year unknown), or null when nothing is known. */
export function lifeYears(person: { birth: LifeEvent | null; death: LifeEvent | null }): string | null {
  const born = yearOf(person.birth?.date);
  const died = yearOf(person.death?.date);
  if (person.death) return born || died ? `${born ?? '?'}–${died ?? '?'}` : null;
  return born ? `b. ${born}` : null;
}

/** How a person's line reads in lists: name and years. */
export function personLine(person: PersonListItem): string {
  const years = lifeYears(person);
  return years ? `${person.displayName} (${years})` : person.displayName;
}
