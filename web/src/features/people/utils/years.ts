import type { LifeEvent, PersonListItem } from '@family/contract';
import { lifeYearsInWords } from '@family/shared/genealogy';

/** "1850–1910", "about 1850 – 1910", "born 1990", "died 1944", "1850–?" (dead, year unknown), or null. */
export function lifeYears(person: { birth: LifeEvent | null; death: LifeEvent | null }): string | null {
  return lifeYearsInWords(person.birth?.date ?? null, person.death?.date ?? null, person.death !== null);
}

/** How a person's line reads in lists: name and years. */
export function personLine(person: PersonListItem): string {
  const years = lifeYears(person);
  return years ? `${person.displayName} (${years})` : person.displayName;
}
