import { BadRequestException } from '@nestjs/common';
import type { LifeEvent, PersonDetail, PersonFields, PersonListItem } from '@family/contract';
import { isLiving, parseGenealogicalDate, sqlDay } from '@family/shared';
import { mapPersonSummary } from '../dtos/user.dto';
import type { ProfileEntity } from '../entities/profile.entity';

/** The columns of a person that PersonFields reach. */
export type PersonColumns = Partial<
  Pick<
    ProfileEntity,
    | 'displayName'
    | 'givenName'
    | 'surname'
    | 'sex'
    | 'story'
    | 'birthDate'
    | 'birthEarliest'
    | 'birthLatest'
    | 'birthPlace'
    | 'died'
    | 'deathDate'
    | 'deathEarliest'
    | 'deathLatest'
    | 'deathPlace'
  >
>;

const FIELD_NAMES = ['displayName', 'givenName', 'surname', 'sex', 'birth', 'death', 'story'] as const;

/** The name a person without an account is shown by when none is given: given name and surname. */
export function defaultDisplayName(fields: Pick<PersonFields, 'givenName' | 'surname'>): string | null {
  const name = [fields.givenName, fields.surname].filter(Boolean).join(' ').trim();
  return name ? name.slice(0, 80) : null;
}

/** A date's text with its earliest and latest day; 400 with the grammar's reason when it is not a date. */
function dayColumns(which: 'birth' | 'death', text: string | null) {
  if (!text) return { text: null, earliest: null, latest: null };
  const parsed = parseGenealogicalDate(text);
  if (!parsed.valid) {
    throw new BadRequestException(`The ${which} date "${text}" is not a genealogical date: ${parsed.reason}`);
  }
  return { text, earliest: sqlDay(parsed.date.earliest), latest: sqlDay(parsed.date.latest) };
}

/** The columns to write for the fields given (undefined: unchanged; null: cleared). */
export function toColumns(fields: PersonFields): PersonColumns {
  const columns: PersonColumns = {};
  if (fields.displayName !== undefined) columns.displayName = fields.displayName;
  if (fields.givenName !== undefined) columns.givenName = fields.givenName;
  if (fields.surname !== undefined) columns.surname = fields.surname;
  if (fields.sex !== undefined) columns.sex = fields.sex;
  if (fields.story !== undefined) columns.story = fields.story;
  if (fields.birth !== undefined) {
    const day = dayColumns('birth', fields.birth?.date ?? null);
    columns.birthDate = day.text;
    columns.birthEarliest = day.earliest;
    columns.birthLatest = day.latest;
    columns.birthPlace = fields.birth?.place ?? null;
  }
  if (fields.death !== undefined) {
    const day = dayColumns('death', fields.death?.date ?? null);
    columns.died = fields.death !== null;
    columns.deathDate = day.text;
    columns.deathEarliest = day.earliest;
    columns.deathLatest = day.latest;
    columns.deathPlace = fields.death?.place ?? null;
  }
  return columns;
}

function birthOf(profile: ProfileEntity): LifeEvent | null {
  if (profile.birthDate === null && profile.birthPlace === null) return null;
  return { date: profile.birthDate, place: profile.birthPlace };
}

function deathOf(profile: ProfileEntity): LifeEvent | null {
  return profile.died ? { date: profile.deathDate, place: profile.deathPlace } : null;
}

/** A person before anything is known of them: what a creation is recorded against. */
const NOBODY = {
  displayName: '',
  givenName: null,
  surname: null,
  sex: 'U',
  story: null,
  birthDate: null,
  birthPlace: null,
  died: false,
  deathDate: null,
  deathPlace: null,
} as ProfileEntity;

/** The fields a new person starts with, as history records them. */
export function createdFields(columns: PersonColumns): PersonFields {
  return difference(fieldsOf(NOBODY), fieldsOf({ ...NOBODY, ...columns } as ProfileEntity)).after;
}

/** Every field of a person as PersonFields: what history records. */
export function fieldsOf(profile: ProfileEntity): Required<PersonFields> {
  return {
    displayName: profile.displayName,
    givenName: profile.givenName,
    surname: profile.surname,
    sex: profile.sex,
    birth: birthOf(profile),
    death: deathOf(profile),
    story: profile.story,
  };
}

/** The fields whose value differs, as they were and as they are. */
export function difference(
  before: Required<PersonFields>,
  after: Required<PersonFields>,
): { before: PersonFields; after: PersonFields } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    if (JSON.stringify(before[name]) !== JSON.stringify(after[name])) {
      was[name] = before[name];
      is[name] = after[name];
    }
  }
  return { before: was as PersonFields, after: is as PersonFields };
}

/** The fields `target` lacks (empty, or sex unknown) that `source` has: what a merge fills in. */
export function missingFields(target: Required<PersonFields>, source: Required<PersonFields>): PersonFields {
  const fill: Record<string, unknown> = {};
  for (const name of ['givenName', 'surname', 'birth', 'death', 'story'] as const) {
    if (target[name] === null && source[name] !== null) fill[name] = source[name];
  }
  if (target.sex === 'U' && source.sex !== 'U') fill.sex = source.sex;
  return fill as PersonFields;
}

/** Whether the person's fields hold these values now. */
export function holds(current: Required<PersonFields>, values: PersonFields): boolean {
  return FIELD_NAMES.every(
    (name) => values[name] === undefined || JSON.stringify(current[name]) === JSON.stringify(values[name]),
  );
}

export function mapPersonListItem(profile: ProfileEntity): PersonListItem {
  const birth = birthOf(profile);
  const death = deathOf(profile);
  return {
    ...mapPersonSummary(profile),
    hasAccount: profile.username !== null,
    givenName: profile.givenName,
    surname: profile.surname,
    sex: profile.sex,
    birth,
    death,
    living: isLiving(birth, death),
  };
}

export function mapPersonDetail(profile: ProfileEntity): PersonDetail {
  return { ...mapPersonListItem(profile), story: profile.story };
}
