import type { ChildRelation, GedcomData, GedcomEvent, GedcomFamily, GedcomMedia, GedcomPerson } from './data';
import { isLiving, toGedcom7Date } from '@family/shared';

/**
 * Writes the archive's plain data as GEDCOM 7.0 (UTF-8 with a byte order mark, LF line ends), line by line
 * so a large family can stream out.
 *
 * - Living people (see `living`): `names` keeps only their names and family ties (the default), `full`
 *   keeps everything, `exclude` leaves them out with their ties. A family with a living partner keeps its
 *   marriage and divorce, without date or place, under `names`.
 * - Dates are written in 7.0 grammar; where the archive's text says it differently (5.5.1 escapes, B.C.,
 *   dual years, an interpreted date, a phrase, text that is not a date) the text goes into PHRASE, which
 *   the reader turns back into the same text.
 * - A child's tie goes on its FAMC as PEDI (BIRTH, ADOPTED, FOSTER; OTHER with PHRASE "Step" for a step
 *   child). Where the tie differs between the two partners, or is step, FAM.CHIL also carries `_FREL` and
 *   `_MREL` (the first and the second partner's side), the extension Ancestry, RootsMagic, Family Tree
 *   Maker and Gramps read.
 * - Text lines that start with @ are escaped as @@, multi-line text continues with CONT, and characters
 *   GEDCOM 7 bans (control characters, lone surrogates) are dropped.
 */

export type LivingOption = 'names' | 'full' | 'exclude';

export interface GedcomWriteOptions {
  living?: LivingOption;
  /** "Today", for working out who is living and for the header date. */
  today?: Date;
}

const PEDIGREE: Record<ChildRelation, string> = { birth: 'BIRTH', adopted: 'ADOPTED', foster: 'FOSTER', step: 'OTHER' };
const VENDOR_RELATION: Record<ChildRelation, string> = {
  birth: 'Natural',
  adopted: 'Adopted',
  foster: 'Foster',
  step: 'Step',
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface ChildOfFamily {
  family: string;
  pedigree: string;
  phrase: string | null;
}

interface WrittenFamily {
  xref: string;
  family: GedcomFamily;
  husband: string | null;
  wife: string | null;
  children: { person: string; relations: Record<string, ChildRelation> }[];
  private: boolean;
}

export function writeGedcom(data: GedcomData, options: GedcomWriteOptions = {}): string {
  const lines: string[] = [];
  for (const line of gedcomLines(data, options)) lines.push(line);
  return lines.join('');
}

export function* gedcomLines(data: GedcomData, options: GedcomWriteOptions = {}): Generator<string> {
  const living = options.living ?? 'names';
  const today = options.today ?? new Date();
  const people = new Map(data.people.map((person) => [person.id, person]));
  const isPrivate = (person: GedcomPerson) =>
    living !== 'full' && (person.living ?? isLiving(person.birth, person.death, today));
  const shown = new Map<string, string>();
  for (const person of data.people) {
    if (living === 'exclude' && isPrivate(person)) continue;
    shown.set(person.id, `@I${shown.size + 1}@`);
  }

  const families = settleFamilies(data.families, people, shown, isPrivate);
  const famsOf = new Map<string, string[]>();
  const famcOf = new Map<string, ChildOfFamily[]>();
  for (const family of families) {
    for (const partner of [family.husband, family.wife]) {
      if (partner) append(famsOf, partner, family.xref);
    }
    for (const child of family.children) {
      const relations = [family.husband, family.wife]
        .filter((p): p is string => p !== null)
        .map((p) => child.relations[p]);
      const same = relations.every((relation) => relation === relations[0]);
      const relation = relations[0] ?? 'birth';
      let phrase: string | null = null;
      if (!same) {
        phrase = `${capitalise(child.relations[family.husband!])} child of the first partner, ${child.relations[family.wife!]} child of the second`;
      } else if (relation === 'step') {
        phrase = 'Step';
      }
      append(famcOf, child.person, { family: family.xref, pedigree: same ? PEDIGREE[relation] : 'OTHER', phrase });
    }
  }

  const media = settleMedia(data.media, people, shown, isPrivate);
  const mediaOf = new Map<string, string[]>();
  for (const { xref, people: linked } of media) for (const person of linked) append(mediaOf, person, xref);

  yield '\ufeff0 HEAD\n';
  yield '1 GEDC\n';
  yield '2 VERS 7.0\n';
  yield '1 SOUR FAMILY_ARCHIVE\n';
  yield '2 NAME Family archive\n';
  yield `1 DATE ${today.getUTCDate()} ${MONTHS[today.getUTCMonth()]} ${today.getUTCFullYear()}\n`;

  for (const person of data.people) {
    const xref = shown.get(person.id);
    if (!xref) continue;
    const onlyNames = isPrivate(person);
    const lines: string[] = [...nameLines(person)];
    if (!onlyNames) {
      if (person.sex) lines.push(`1 SEX ${person.sex}\n`);
      lines.push(...eventLines(1, 'BIRT', person.birth, true));
      lines.push(...eventLines(1, 'DEAT', person.death, true));
      lines.push(...eventLines(1, 'BURI', person.burial, true));
      lines.push(...eventLines(1, 'BAPM', person.baptism, true));
    }
    for (const link of famcOf.get(person.id) ?? []) {
      lines.push(`1 FAMC ${link.family}\n`, `2 PEDI ${link.pedigree}\n`);
      if (link.phrase) lines.push(...textLines(3, 'PHRASE', link.phrase));
    }
    for (const family of famsOf.get(person.id) ?? []) lines.push(`1 FAMS ${family}\n`);
    if (!onlyNames) {
      if (person.story?.trim()) lines.push(...textLines(1, 'NOTE', person.story.trim()));
      for (const object of mediaOf.get(person.id) ?? []) lines.push(`1 OBJE ${object}\n`);
    }
    // Identifiers are not private: they let an import of this file find the same people again.
    for (const uid of person.uids ?? []) {
      const value = singleLine(uid);
      if (value) lines.push(`1 UID ${escapeLine(value)}\n`);
    }
    // GEDCOM 7 wants every structure to hold something: a person nothing is known of gets an empty name.
    if (lines.length === 0) lines.push('1 NAME //\n');
    yield `0 ${xref} INDI\n`;
    yield* lines;
  }

  for (const family of families) {
    yield `0 ${family.xref} FAM\n`;
    if (family.husband) yield `1 HUSB ${shown.get(family.husband)}\n`;
    if (family.wife) yield `1 WIFE ${shown.get(family.wife)}\n`;
    for (const child of family.children) {
      yield `1 CHIL ${shown.get(child.person)}\n`;
      const relations = [family.husband, family.wife].map((partner) =>
        partner ? child.relations[partner] : undefined,
      );
      const defined = relations.filter((relation) => relation !== undefined);
      if (defined.some((relation) => relation !== defined[0] || relation === 'step')) {
        if (relations[0]) yield `2 _FREL ${VENDOR_RELATION[relations[0]]}\n`;
        if (relations[1]) yield `2 _MREL ${VENDOR_RELATION[relations[1]]}\n`;
      }
    }
    yield* eventLines(1, 'MARR', family.family.marriage, !family.private);
    yield* eventLines(1, 'DIV', family.family.divorce, !family.private);
  }

  for (const object of media) {
    yield `0 ${object.xref} OBJE\n`;
    yield `1 FILE ${filePath(object.media.path)}\n`;
    yield `2 FORM ${mediaType(object.media)}\n`;
    if (object.media.title?.trim()) yield* textLines(2, 'TITL', object.media.title.trim());
  }
  yield '0 TRLR\n';
}

/** The families as they will be written: visible members only, HUSB/WIFE chosen, empty families dropped. */
function settleFamilies(
  families: GedcomFamily[],
  people: Map<string, GedcomPerson>,
  shown: Map<string, string>,
  isPrivate: (person: GedcomPerson) => boolean,
): WrittenFamily[] {
  const written: WrittenFamily[] = [];
  for (const family of families) {
    for (const id of [...family.partners, ...family.children.map((child) => child.person)]) {
      if (!people.has(id)) throw new Error(`Family ${family.id} names ${id}, who is not among the people to write.`);
    }
    const partners = family.partners.filter((id) => shown.has(id));
    for (const child of family.children) {
      for (const partner of family.partners) {
        if (!child.relations[partner]) {
          throw new Error(`Family ${family.id}: child ${child.person} has no tie to partner ${partner}.`);
        }
      }
    }
    const [first, second] = partners.map((id) => people.get(id)!);
    let husband: string | null = first?.id ?? null;
    let wife: string | null = second?.id ?? null;
    if (first && second && first.sex === 'F' && second.sex !== 'F') [husband, wife] = [second.id, first.id];
    if (first && !second && first.sex === 'F') [husband, wife] = [null, first.id];
    const children = family.children.filter((child) => shown.has(child.person));
    if (!husband && !wife && children.length === 0) continue;
    // A family left with one partner because the others were excluded says nothing but about them.
    const excludedSomeone = partners.length < family.partners.length || children.length < family.children.length;
    if (excludedSomeone && partners.length < 2 && children.length === 0) continue;
    written.push({
      xref: `@F${written.length + 1}@`,
      family,
      husband,
      wife,
      children,
      private: partners.some((id) => isPrivate(people.get(id)!)),
    });
  }
  return written;
}

/** Media records to write, each linked to the visible people whose details are shown. */
function settleMedia(
  media: GedcomMedia[],
  people: Map<string, GedcomPerson>,
  shown: Map<string, string>,
  isPrivate: (person: GedcomPerson) => boolean,
): { xref: string; media: GedcomMedia; people: string[] }[] {
  const written: { xref: string; media: GedcomMedia; people: string[] }[] = [];
  for (const item of media) {
    const linked = item.people.filter((id) => shown.has(id) && !isPrivate(people.get(id)!));
    if (item.people.length > 0 && linked.length === 0) continue;
    written.push({ xref: `@O${written.length + 1}@`, media: item, people: linked });
  }
  return written;
}

function* nameLines(person: GedcomPerson): Generator<string> {
  const given = namePart(person.givenName);
  const surname = namePart(person.surname);
  if (given || surname || person.nicknames.length > 0 || person.marriedNames.length > 0) {
    yield `1 NAME ${personalName(given, surname)}\n`;
    if (given) yield `2 GIVN ${escapeLine(given)}\n`;
    if (surname) yield `2 SURN ${escapeLine(surname)}\n`;
    for (const nick of person.nicknames) {
      const value = singleLine(nick);
      if (value) yield `2 NICK ${escapeLine(value)}\n`;
    }
  }
  for (const married of person.marriedNames) {
    const value = namePart(married);
    if (!value) continue;
    yield `1 NAME ${personalName(given, value)}\n`;
    yield '2 TYPE MARRIED\n';
    yield `2 SURN ${escapeLine(value)}\n`;
  }
}

/** `Given /Surname/`, `Given`, `/Surname/`, or `//` when neither is known. */
function personalName(given: string, surname: string): string {
  if (!surname) return escapeLine(given || '//');
  return escapeLine(given ? `${given} /${surname}/` : `/${surname}/`);
}

function* eventLines(level: number, tag: string, event: GedcomEvent | null, details: boolean): Generator<string> {
  if (!event) return;
  const date = details && event.date?.trim() ? toGedcom7Date(event.date.trim()) : null;
  const place = details ? singleLine(event.place ?? '') : '';
  if (!date && !place) {
    yield `${level} ${tag} Y\n`;
    return;
  }
  yield `${level} ${tag}\n`;
  if (date) {
    yield date.payload ? `${level + 1} DATE ${date.payload}\n` : `${level + 1} DATE\n`;
    if (date.phrase) yield* textLines(level + 2, 'PHRASE', date.phrase);
  }
  if (place) yield `${level + 1} PLAC ${escapeLine(place)}\n`;
}

/** A text payload, split into CONT lines at its line breaks. */
function* textLines(level: number, tag: string, text: string): Generator<string> {
  const [first, ...rest] = clean(text).split(/\r\n|\r|\n/);
  yield first ? `${level} ${tag} ${escapeLine(first)}\n` : `${level} ${tag}\n`;
  for (const line of rest) yield line ? `${level + 1} CONT ${escapeLine(line)}\n` : `${level + 1} CONT\n`;
}

/** GEDCOM 7 doubles an @ only when it starts a line's text. */
function escapeLine(text: string): string {
  return text.startsWith('@') ? `@${text}` : text;
}

/** Drops what GEDCOM 7 bans: C0 controls but tab and line ends, DEL, C1 controls, lone surrogates. */
function clean(text: string): string {
  return text.replace(BANNED_CONTROLS, '').replace(LONE_SURROGATES, '');
}
// eslint-disable-next-line no-control-regex
const BANNED_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function singleLine(text: string): string {
  return clean(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

/** A name part without slashes (they delimit the surname) or line breaks. */
function namePart(value: string | null): string {
  return singleLine((value ?? '').replaceAll('/', ' ')).replace(/\s+/g, ' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A FILE payload is a URI reference: relative paths are written with / and %-escapes, Windows and Unix
 * absolute paths as file: URLs, URLs as they are.
 */
export function filePath(path: string): string {
  const value = singleLine(path);
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(value)) return encodeURI(decodeSafely(value));
  const slashed = value.replaceAll('\\', '/');
  const encode = (part: string) => part.split('/').map(encodeURIComponent).join('/');
  if (/^[a-z]:\//i.test(slashed)) return `file:///${slashed.slice(0, 2)}/${encode(slashed.slice(3))}`;
  if (slashed.startsWith('/')) return `file://${encode(slashed)}`;
  return encode(slashed);
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  wmv: 'video/x-ms-wmv',
  '3gp': 'video/3gpp',
};

/** The FORM of a FILE: the media type the file already has, else one from its name or 5.5 format word. */
export function mediaType(media: Pick<GedcomMedia, 'path' | 'format'>): string {
  const format = media.format?.trim().toLowerCase() ?? '';
  if (/^[a-z]+\/[a-z0-9.+-]+$/.test(format)) return format;
  const extension = /\.([a-z0-9]+)$/i.exec(media.path.split(/[?#]/)[0])?.[1]?.toLowerCase() ?? '';
  if (Object.hasOwn(MEDIA_TYPES, extension)) return MEDIA_TYPES[extension];
  if (Object.hasOwn(MEDIA_TYPES, format)) return MEDIA_TYPES[format];
  return 'application/octet-stream';
}
