import type { GedcomEvent, GedcomPerson } from '../gedcom-format/data';

/** A person as profile's batch route takes them (services/profile/src/dtos/people-import.dto.ts). */
export interface ImportedPerson {
  displayName: string;
  givenName: string | null;
  surname: string | null;
  sex: 'F' | 'M' | 'X' | 'U';
  birth: { date: string | null; place: string | null } | null;
  death: { date: string | null; place: string | null } | null;
  story: string | null;
}

/** Trimmed and cut to `max` UTF-16 units, never inside a surrogate pair (profile refuses half a character). */
export function clip(text: string | null | undefined, max: number): string | null {
  const value = text?.trim();
  if (!value) return null;
  const cut = value.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const event = (value: GedcomEvent | null) =>
  value ? { date: clip(value.date, 100), place: clip(value.place, 200) } : null;

function describe(what: string, value: GedcomEvent | null): string | null {
  if (!value) return null;
  const parts = [value.date, value.place].filter(Boolean);
  return parts.length > 0 ? `${what}: ${parts.join(', ')}.` : `${what}.`;
}

/**
 * What the archive keeps of a GEDCOM person. Names, sex, birth, death and notes have their own fields; what a
 * person has no field for yet (nicknames, married names, burial, baptism) opens their story as plain lines,
 * so nothing the family wrote down is lost (README "Behaviour").
 */
export function importedPerson(person: GedcomPerson): ImportedPerson {
  const givenName = clip(person.givenName, 120);
  const surname = clip(person.surname, 120);
  const named = [givenName, surname].filter(Boolean).join(' ');
  const displayName = clip(named || person.nicknames[0] || person.marriedNames[0], 80) ?? 'Unknown';
  const extra = [
    person.nicknames.length > 0 ? `Also known as: ${person.nicknames.join(', ')}.` : null,
    person.marriedNames.length > 0 ? `Married name: ${person.marriedNames.join(', ')}.` : null,
    describe('Baptised', person.baptism),
    describe('Buried', person.burial),
  ].filter((line): line is string => line !== null);
  const story = [extra.join('\n'), person.story?.trim() ?? ''].filter(Boolean).join('\n\n');
  return {
    displayName,
    givenName,
    surname,
    sex: person.sex ?? 'U',
    birth: event(person.birth),
    death: event(person.death),
    story: clip(story, 20_000),
  };
}
