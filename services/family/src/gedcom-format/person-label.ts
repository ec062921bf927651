import { lifeYearsInWords } from '@family/shared';
import type { GedcomPerson } from './data';

/**
 * A person of a GEDCOM file as a report line names them: "Ednyfed ap Llywarch Gam (born about 995)", with their
 * life years to tell namesakes apart; the file's identifier only when the record gives no name at all.
 */
export function personLabel(person: GedcomPerson): string {
  const name =
    [person.givenName, person.surname].filter(Boolean).join(' ') || person.nicknames[0] || person.marriedNames[0];
  const years = lifeYearsInWords(person.birth?.date ?? null, person.death?.date ?? null, person.death !== null);
  if (!name)
    return years ? `someone without a name (@${person.id}@, ${years})` : `someone without a name (@${person.id}@)`;
  return years ? `${name} (${years})` : name;
}
