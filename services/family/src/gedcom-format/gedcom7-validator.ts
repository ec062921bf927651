import { isGedcom7DateValue } from '@family/shared';

/**
 * Checks a GEDCOM 7.0 document against the rules of the FamilySearch GEDCOM 7.0 specification that can be
 * checked mechanically: the line grammar (levels, single-space delimiters, cross-reference identifiers,
 * tags, the leading-@ escape, banned characters, one kind of line end), HEAD first and TRLR last, CONT
 * placement (and no CONC), unique identifiers on records only, pointers that resolve to the right record
 * type, payload types (dates in 7.0 grammar, enumerations, personal names, media types, file paths), every
 * structure non-empty, the HUSB/WIFE ↔ FAMS and CHIL ↔ FAMC pairing, and, per structure type, which
 * substructures may appear and how often ({0:1}, {1:1}, {0:M}, {1:M}).
 *
 * The structure table covers the header and the INDI, FAM, OBJE, SNOTE, SOUR, REPO and SUBM records with
 * their standard substructures, except Latter-day Saint ordinances and the header's corporation address
 * (the archive writes neither). A standard tag the table does not list is reported, so the check errs on
 * the side of strictness; extension tags (`_TAG`) may appear anywhere, as 7.0 allows, but their meaning
 * (relocated records, extension calendars) is not followed. The GEDCOM 7 samples in ../shared/gedcom pass,
 * but for those using what the table leaves out or extensions' meaning, and those with real errors (a date
 * that is not 7.0 grammar, records with nothing in them).
 */

export interface GedcomViolation {
  line: number;
  message: string;
}

type Payload =
  | 'none'
  | 'y'
  | 'text'
  | 'line'
  | 'version'
  | 'date'
  | 'date-exact'
  | 'time'
  | 'name'
  | 'media-type'
  | 'file-path'
  | 'age'
  | { enum: string[] }
  | { pointer: string };

interface Substructure {
  type: string;
  min: 0 | 1;
  many: boolean;
}

interface StructureType {
  payload: Payload;
  children: Record<string, Substructure>;
}

const one = (type: string): Substructure => ({ type, min: 0, many: false });
const required = (type: string): Substructure => ({ type, min: 1, many: false });
const many = (type: string): Substructure => ({ type, min: 0, many: true });
const atLeastOne = (type: string): Substructure => ({ type, min: 1, many: true });

const NOTES = { NOTE: many('NOTE'), SNOTE: many('SNOTE-link') };
const CITATIONS = { SOUR: many('SOUR-citation') };
const EVENT_DETAIL = {
  DATE: one('DATE'),
  PLAC: one('PLAC'),
  ADDR: one('ADDR'),
  PHON: many('line'),
  EMAIL: many('line'),
  FAX: many('line'),
  WWW: many('line'),
  AGNC: one('text'),
  RELI: one('text'),
  CAUS: one('text'),
  RESN: one('line'),
  SDATE: one('DATE'),
  UID: many('line'),
  ...NOTES,
  ...CITATIONS,
  OBJE: many('OBJE-link'),
  ASSO: many('ASSO'),
};
const INDIVIDUAL_EVENT = { payload: 'y', children: { TYPE: one('text'), AGE: one('AGE'), ...EVENT_DETAIL } } as const;
const FAMILY_EVENT = {
  payload: 'y',
  children: { TYPE: one('text'), HUSB: one('event-partner'), WIFE: one('event-partner'), ...EVENT_DETAIL },
} as const;
const INDIVIDUAL_ATTRIBUTES = [
  'CAST',
  'DSCR',
  'EDUC',
  'IDNO',
  'NATI',
  'NCHI',
  'NMR',
  'OCCU',
  'PROP',
  'RELI',
  'RESI',
  'SSN',
  'TITL',
  'FACT',
];
const INDIVIDUAL_EVENTS = [
  'BAPM',
  'BARM',
  'BASM',
  'BLES',
  'BURI',
  'CENS',
  'CHRA',
  'CONF',
  'CREM',
  'DEAT',
  'EMIG',
  'FCOM',
  'GRAD',
  'IMMI',
  'NATU',
  'ORDN',
  'PROB',
  'RETI',
  'WILL',
];
const FAMILY_EVENTS = ['ANUL', 'CENS', 'DIV', 'DIVF', 'ENGA', 'MARB', 'MARC', 'MARL', 'MARR', 'MARS'];
const NAME_PIECES = {
  NPFX: many('text'),
  GIVN: many('text'),
  NICK: many('text'),
  SPFX: many('text'),
  SURN: many('text'),
  NSFX: many('text'),
};
const PHRASE = { PHRASE: one('text') };
const IDENTIFIERS = { REFN: many('REFN'), UID: many('line'), EXID: many('EXID') };

const STRUCTURES: Record<string, StructureType> = {
  HEAD: {
    payload: 'none',
    children: {
      GEDC: required('GEDC'),
      SCHMA: one('SCHMA'),
      SOUR: one('HEAD-SOUR'),
      DEST: one('line'),
      DATE: one('HEAD-DATE'),
      SUBM: one('SUBM-pointer'),
      COPR: one('text'),
      LANG: one('line'),
      PLAC: one('HEAD-PLAC'),
      ...{ NOTE: one('NOTE'), SNOTE: one('SNOTE-link') },
    },
  },
  GEDC: { payload: 'none', children: { VERS: required('GEDC-VERS') } },
  'GEDC-VERS': { payload: 'version', children: {} },
  SCHMA: { payload: 'none', children: { TAG: many('line') } },
  'HEAD-SOUR': {
    payload: 'line',
    children: { VERS: one('line'), NAME: one('text'), CORP: one('text'), DATA: one('HEAD-SOUR-DATA') },
  },
  'HEAD-SOUR-DATA': { payload: 'text', children: { DATE: one('HEAD-DATE'), COPR: one('text') } },
  'HEAD-DATE': { payload: 'date-exact', children: { TIME: one('TIME') } },
  'HEAD-PLAC': { payload: 'none', children: { FORM: required('text') } },
  TIME: { payload: 'time', children: {} },

  INDI: {
    payload: 'none',
    children: {
      RESN: one('line'),
      NAME: many('INDI-NAME'),
      SEX: one('SEX'),
      ...Object.fromEntries(INDIVIDUAL_EVENTS.map((tag) => [tag, many('INDI-EVENT')])),
      BIRT: many('BIRT'),
      CHR: many('BIRT'),
      ADOP: many('ADOP'),
      EVEN: many('EVEN'),
      ...Object.fromEntries(INDIVIDUAL_ATTRIBUTES.map((tag) => [tag, many('INDI-ATTRIBUTE')])),
      NO: many('NO'),
      ASSO: many('ASSO'),
      FAMC: many('INDI-FAMC'),
      FAMS: many('FAMS'),
      SUBM: many('SUBM-pointer'),
      ALIA: many('ALIA'),
      ANCI: many('SUBM-pointer'),
      DESI: many('SUBM-pointer'),
      ...NOTES,
      ...CITATIONS,
      OBJE: many('OBJE-link'),
      REFN: many('REFN'),
      UID: many('line'),
      EXID: many('EXID'),
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  'INDI-NAME': {
    payload: 'name',
    children: { TYPE: one('NAME-TYPE'), ...NAME_PIECES, TRAN: many('NAME-TRAN'), ...NOTES, ...CITATIONS },
  },
  'NAME-TRAN': { payload: 'name', children: { LANG: required('line'), ...NAME_PIECES } },
  'NAME-TYPE': {
    payload: { enum: ['AKA', 'BIRTH', 'IMMIGRANT', 'MAIDEN', 'MARRIED', 'PROFESSIONAL', 'OTHER'] },
    children: PHRASE,
  },
  SEX: { payload: { enum: ['M', 'F', 'X', 'U'] }, children: {} },
  'INDI-EVENT': INDIVIDUAL_EVENT,
  BIRT: { payload: 'y', children: { ...INDIVIDUAL_EVENT.children, FAMC: one('FAM-pointer') } },
  ADOP: { payload: 'y', children: { ...INDIVIDUAL_EVENT.children, FAMC: one('ADOP-FAMC') } },
  'ADOP-FAMC': { payload: { pointer: 'FAM' }, children: { ADOP: one('FAMC-ADOP') } },
  'FAMC-ADOP': { payload: { enum: ['HUSB', 'WIFE', 'BOTH'] }, children: PHRASE },
  AGE: { payload: 'age', children: PHRASE },
  'INDI-FAMC': {
    payload: { pointer: 'FAM' },
    children: { PEDI: one('PEDI'), STAT: one('FAMC-STAT'), ...NOTES },
  },
  PEDI: { payload: { enum: ['ADOPTED', 'BIRTH', 'FOSTER', 'SEALING', 'OTHER'] }, children: PHRASE },
  'FAMC-STAT': { payload: { enum: ['CHALLENGED', 'DISPROVEN', 'PROVEN'] }, children: PHRASE },
  FAMS: { payload: { pointer: 'FAM' }, children: NOTES },
  ALIA: { payload: { pointer: 'INDI' }, children: PHRASE },

  FAM: {
    payload: 'none',
    children: {
      RESN: one('line'),
      ...Object.fromEntries(FAMILY_EVENTS.map((tag) => [tag, many('FAM-EVENT')])),
      EVEN: many('FAM-EVEN'),
      NCHI: many('FAM-ATTRIBUTE'),
      RESI: many('FAM-ATTRIBUTE'),
      FACT: many('FAM-ATTRIBUTE'),
      NO: many('NO'),
      ASSO: many('ASSO'),
      HUSB: one('FAM-PARTNER'),
      WIFE: one('FAM-PARTNER'),
      CHIL: many('FAM-PARTNER'),
      SUBM: many('SUBM-pointer'),
      ...NOTES,
      ...CITATIONS,
      OBJE: many('OBJE-link'),
      REFN: many('REFN'),
      UID: many('line'),
      EXID: many('EXID'),
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  'FAM-PARTNER': { payload: { pointer: 'INDI' }, children: PHRASE },
  'FAM-EVEN': { payload: 'text', children: FAMILY_EVENT.children },
  'FAM-ATTRIBUTE': { payload: 'text', children: FAMILY_EVENT.children },
  'INDI-ATTRIBUTE': { payload: 'text', children: INDIVIDUAL_EVENT.children },
  EVEN: { payload: 'text', children: INDIVIDUAL_EVENT.children },
  NO: { payload: 'line', children: { DATE: one('NO-DATE'), ...NOTES, ...CITATIONS } },
  'NO-DATE': { payload: 'date', children: PHRASE },
  ASSO: {
    payload: { pointer: 'INDI' },
    children: { PHRASE: one('text'), ROLE: required('ROLE'), ...NOTES, ...CITATIONS },
  },
  ROLE: { payload: 'line', children: PHRASE },
  'FAM-EVENT': FAMILY_EVENT,
  'event-partner': { payload: 'none', children: { AGE: required('AGE') } },

  OBJE: {
    payload: 'none',
    children: {
      RESN: one('line'),
      FILE: atLeastOne('FILE'),
      ...NOTES,
      ...CITATIONS,
      REFN: many('REFN'),
      UID: many('line'),
      EXID: many('EXID'),
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  FILE: { payload: 'file-path', children: { FORM: required('FORM'), TITL: one('text'), TRAN: many('FILE-TRAN') } },
  'FILE-TRAN': { payload: 'file-path', children: { FORM: required('FORM') } },
  FORM: { payload: 'media-type', children: { MEDI: one('MEDI') } },
  MEDI: {
    payload: {
      enum: [
        'AUDIO',
        'BOOK',
        'CARD',
        'ELECTRONIC',
        'FICHE',
        'FILM',
        'MAGAZINE',
        'MANUSCRIPT',
        'MAP',
        'NEWSPAPER',
        'PHOTO',
        'TOMBSTONE',
        'VIDEO',
        'OTHER',
      ],
    },
    children: PHRASE,
  },
  'OBJE-link': { payload: { pointer: 'OBJE' }, children: { CROP: one('CROP'), TITL: one('text') } },
  CROP: { payload: 'none', children: { TOP: one('line'), LEFT: one('line'), HEIGHT: one('line'), WIDTH: one('line') } },

  SNOTE: {
    payload: 'text',
    children: {
      MIME: one('line'),
      LANG: one('line'),
      TRAN: many('NOTE-TRAN'),
      ...CITATIONS,
      REFN: many('REFN'),
      UID: many('line'),
      EXID: many('EXID'),
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  SUBM: {
    payload: 'none',
    children: {
      NAME: required('text'),
      ADDR: one('ADDR'),
      PHON: many('line'),
      EMAIL: many('line'),
      FAX: many('line'),
      WWW: many('line'),
      OBJE: many('OBJE-link'),
      LANG: many('line'),
      ...IDENTIFIERS,
      ...NOTES,
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  SOUR: {
    payload: 'none',
    children: {
      DATA: one('SOUR-DATA'),
      AUTH: one('text'),
      TITL: one('text'),
      ABBR: one('text'),
      PUBL: one('text'),
      TEXT: one('SOUR-TEXT'),
      REPO: many('REPO-citation'),
      ...IDENTIFIERS,
      ...NOTES,
      OBJE: many('OBJE-link'),
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },
  'SOUR-DATA': { payload: 'none', children: { EVEN: many('SOUR-DATA-EVEN'), AGNC: one('text'), ...NOTES } },
  'SOUR-DATA-EVEN': { payload: 'line', children: { DATE: one('NO-DATE'), PLAC: one('PLAC') } },
  'SOUR-TEXT': { payload: 'text', children: { MIME: one('line'), LANG: one('line') } },
  'REPO-citation': { payload: { pointer: 'REPO' }, children: { ...NOTES, CALN: many('CALN') } },
  CALN: { payload: 'line', children: { MEDI: one('MEDI') } },
  REPO: {
    payload: 'none',
    children: {
      NAME: required('text'),
      ADDR: one('ADDR'),
      PHON: many('line'),
      EMAIL: many('line'),
      FAX: many('line'),
      WWW: many('line'),
      ...NOTES,
      ...IDENTIFIERS,
      CHAN: one('CHAN'),
      CREA: one('CREA'),
    },
  },

  NOTE: { payload: 'text', children: { MIME: one('line'), LANG: one('line'), TRAN: many('NOTE-TRAN'), ...CITATIONS } },
  'NOTE-TRAN': { payload: 'text', children: { MIME: one('line'), LANG: one('line') } },
  'SNOTE-link': { payload: { pointer: 'SNOTE' }, children: {} },
  'SUBM-pointer': { payload: { pointer: 'SUBM' }, children: {} },
  'FAM-pointer': { payload: { pointer: 'FAM' }, children: {} },
  'SOUR-citation': {
    payload: { pointer: 'SOUR' },
    children: {
      PAGE: one('text'),
      DATA: one('SOUR-citation-DATA'),
      EVEN: one('SOUR-citation-EVEN'),
      QUAY: one('line'),
      OBJE: many('OBJE-link'),
      ...NOTES,
    },
  },
  'SOUR-citation-DATA': { payload: 'none', children: { DATE: one('DATE'), TEXT: many('SOUR-TEXT') } },
  'SOUR-citation-EVEN': { payload: 'line', children: { PHRASE: one('text'), ROLE: one('ROLE') } },
  DATE: { payload: 'date', children: { TIME: one('TIME'), PHRASE: one('text') } },
  PLAC: {
    payload: 'text',
    children: {
      FORM: one('text'),
      LANG: one('line'),
      TRAN: many('PLAC-TRAN'),
      MAP: one('MAP'),
      EXID: many('EXID'),
      ...NOTES,
    },
  },
  'PLAC-TRAN': { payload: 'text', children: { LANG: required('line') } },
  MAP: { payload: 'none', children: { LATI: required('line'), LONG: required('line') } },
  ADDR: {
    payload: 'text',
    children: {
      ADR1: one('line'),
      ADR2: one('line'),
      ADR3: one('line'),
      CITY: one('line'),
      STAE: one('line'),
      POST: one('line'),
      CTRY: one('line'),
    },
  },
  REFN: { payload: 'line', children: { TYPE: one('text') } },
  EXID: { payload: 'line', children: { TYPE: one('line') } },
  CHAN: { payload: 'none', children: { DATE: required('HEAD-DATE'), ...NOTES } },
  CREA: { payload: 'none', children: { DATE: required('HEAD-DATE') } },
  text: { payload: 'text', children: {} },
  line: { payload: 'line', children: {} },
};

const RECORDS: Record<string, string> = {
  INDI: 'INDI',
  FAM: 'FAM',
  OBJE: 'OBJE',
  SNOTE: 'SNOTE',
  SUBM: 'SUBM',
  SOUR: 'SOUR',
  REPO: 'REPO',
};

interface Node {
  level: number;
  xref: string | null;
  tag: string;
  value: string;
  line: number;
  children: Node[];
}

const LINE = /^(0|[1-9][0-9]*) (?:(@[A-Z0-9_]+@) )?([A-Z][A-Z0-9_]*|_[A-Z0-9_]+)(?: (.+))?$/;
const POINTER = /^@[A-Z0-9_]+@$/;
// eslint-disable-next-line no-control-regex
const BANNED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]/;
const MONTHS = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC';

export function validateGedcom7(text: string): GedcomViolation[] {
  const violations: GedcomViolation[] = [];
  const fail = (line: number, message: string) => violations.push({ line, message });
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;

  const endings = new Set(body.match(/\r\n|\r|\n/g) ?? []);
  if (endings.size > 1) fail(1, 'The lines do not all end the same way (CR, LF or CR LF).');
  const rawLines = body.split(/\r\n|\r|\n/);
  if (rawLines[rawLines.length - 1] === '') rawLines.pop();

  const records: Node[] = [];
  const stack: Node[] = [];
  let previousLevel = -1;
  let previousWasContinuation = false;
  rawLines.forEach((raw, index) => {
    const line = index + 1;
    if (BANNED.test(raw) || /[\ud800-\udfff]/.test(raw.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
      fail(line, 'The line holds a character GEDCOM 7 bans.');
    }
    const match = LINE.exec(raw);
    if (!match) {
      fail(line, `"${raw}" does not match the GEDCOM 7 line grammar.`);
      return;
    }
    const level = Number(match[1]);
    const xref = match[2] ?? null;
    const tag = match[3];
    const value = match[4] ?? '';
    if (level > previousLevel + 1) fail(line, `Level ${level} follows level ${previousLevel}.`);
    if (xref === '@VOID@') fail(line, '@VOID@ cannot be an identifier.');
    if (xref && level > 0) fail(line, 'Only records may have an identifier.');
    if (value.startsWith('@') && !value.startsWith('@@') && !POINTER.test(value)) {
      fail(line, 'A text that starts with @ must be written @@.');
    }
    if (tag === 'CONC') {
      fail(line, 'GEDCOM 7 has no CONC.');
      return;
    }
    if (tag === 'CONT') {
      const parent = stack[level - 1];
      if (!parent || level - 1 !== parent.level || (parent.children.length > 0 && !previousWasContinuation)) {
        fail(line, 'A CONT must follow its line directly.');
      } else {
        parent.value += `\n${unescape(value)}`;
      }
      previousLevel = level;
      previousWasContinuation = true;
      return;
    }
    if (previousWasContinuation && level > previousLevel) fail(line, 'A CONT cannot have lines under it.');
    previousWasContinuation = false;
    previousLevel = level;
    const node: Node = { level, xref, tag, value: POINTER.test(value) ? value : unescape(value), line, children: [] };
    stack.length = level;
    if (level === 0) records.push(node);
    else stack[level - 1]?.children.push(node);
    stack.push(node);
  });

  if (records[0]?.tag !== 'HEAD') fail(1, 'The first record must be HEAD.');
  const trailer = records[records.length - 1];
  if (trailer?.tag !== 'TRLR') fail(rawLines.length, 'The last record must be TRLR.');
  else if (trailer.value || trailer.children.length > 0 || trailer.xref)
    fail(trailer.line, 'TRLR has no payload or substructures.');

  const identifiers = new Map<string, Node>();
  for (const record of records) {
    if (!record.xref) continue;
    if (identifiers.has(record.xref)) fail(record.line, `${record.xref} identifies two records.`);
    else identifiers.set(record.xref, record);
  }

  const check = (node: Node, typeName: string) => {
    const type = STRUCTURES[typeName];
    checkPayload(node, type.payload, identifiers, fail);
    if (!node.value && node.children.length === 0 && node.tag !== 'TRLR') {
      fail(node.line, `${node.tag} has neither a payload nor substructures.`);
    }
    const counts = new Map<string, number>();
    for (const child of node.children) {
      if (child.tag.startsWith('_')) continue;
      const rule = type.children[child.tag];
      if (!rule) {
        fail(child.line, `${child.tag} is not a substructure of ${node.tag}.`);
        continue;
      }
      counts.set(child.tag, (counts.get(child.tag) ?? 0) + 1);
      check(child, rule.type);
    }
    for (const [tag, rule] of Object.entries(type.children)) {
      const count = counts.get(tag) ?? 0;
      if (count < rule.min) fail(node.line, `${node.tag} needs a ${tag}.`);
      if (!rule.many && count > 1) fail(node.line, `${node.tag} may have only one ${tag}.`);
    }
  };
  records.forEach((record, index) => {
    if (record.tag === 'TRLR' && index === records.length - 1) return;
    if (record.tag === 'HEAD') {
      if (index !== 0) fail(record.line, 'HEAD must be the first record.');
      check(record, 'HEAD');
      const version = record.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS')?.value;
      if (version && !/^7\.0(\.\d+)?$/.test(version)) fail(record.line, `GEDC VERS is ${version}, not 7.0.`);
      return;
    }
    if (record.tag.startsWith('_')) return;
    const type = RECORDS[record.tag];
    if (!type) {
      fail(record.line, `${record.tag} is not a record type this check knows.`);
      return;
    }
    check(record, type);
  });

  checkPairing(records, identifiers, fail);
  return violations.sort((a, b) => a.line - b.line);
}

function unescape(value: string): string {
  return value.startsWith('@@') ? value.slice(1) : value;
}

function checkPayload(
  node: Node,
  payload: Payload,
  identifiers: Map<string, Node>,
  fail: (line: number, message: string) => void,
): void {
  const { value, line, tag } = node;
  if (typeof payload === 'object' && 'pointer' in payload) {
    if (value === '@VOID@') return;
    if (!POINTER.test(value)) return fail(line, `${tag} must point to a ${payload.pointer} record.`);
    const target = identifiers.get(value);
    if (!target) return fail(line, `${value} points to no record.`);
    if (target.tag !== payload.pointer) fail(line, `${tag} points to a ${target.tag}, not a ${payload.pointer}.`);
    return;
  }
  if (POINTER.test(value)) return fail(line, `${tag} cannot hold a pointer.`);
  if (typeof payload === 'object') {
    if (!payload.enum.includes(value) && !/^_[A-Z0-9_]+$/.test(value)) {
      fail(line, `${tag} must be one of ${payload.enum.join(', ')}, not "${value}".`);
    }
    return;
  }
  const multiLine = value.includes('\n');
  switch (payload) {
    case 'none':
      if (value) fail(line, `${tag} has no payload.`);
      return;
    case 'y':
      if (value && value !== 'Y') fail(line, `${tag} takes Y or nothing, not "${value}".`);
      return;
    case 'text':
      return;
    case 'version':
      if (!/^\d+\.\d+(\.\d+)?$/.test(value)) fail(line, `"${value}" is not a version.`);
      return;
    case 'date':
      if (multiLine || !isGedcom7DateValue(value)) fail(line, `"${value}" is not a GEDCOM 7 date.`);
      return;
    case 'date-exact':
      if (!new RegExp(`^\\d{1,2} (${MONTHS}) \\d+$`).test(value))
        fail(line, `"${value}" is not an exact date like 1 JAN 2000.`);
      return;
    case 'time':
      if (!/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?Z?$/.test(value)) fail(line, `"${value}" is not a time.`);
      return;
    case 'name': {
      const slashes = value.split('/').length - 1;
      if (multiLine || !value || (slashes !== 0 && slashes !== 2)) fail(line, `"${value}" is not a personal name.`);
      return;
    }
    case 'media-type':
      if (!/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(;.*)?$/.test(value))
        fail(line, `"${value}" is not a media type.`);
      return;
    case 'file-path':
      // RFC 3986 characters, and (as GEDCOM's own examples do) non-ASCII ones as in an IRI.
      if (!value || !/^([A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=\u00a0-\uffff]|%[0-9A-Fa-f]{2})+$/.test(value)) {
        fail(line, `"${value}" is not a URI reference.`);
      }
      return;
    case 'age':
      if (value && !/^([<>] )?(\d+y( \d+m)?( \d+w)?( \d+d)?|\d+m( \d+w)?( \d+d)?|\d+w( \d+d)?|\d+d)$/.test(value)) {
        fail(line, `"${value}" is not an age.`);
      }
      return;
    case 'line':
      if (multiLine) fail(line, `${tag} is a single line.`);
      return;
  }
}

/** HUSB/WIFE need the partner's FAMS back, CHIL the child's FAMC back, and the other way round. */
function checkPairing(
  records: Node[],
  identifiers: Map<string, Node>,
  fail: (line: number, message: string) => void,
): void {
  for (const record of records) {
    if (!record.xref) continue;
    for (const child of record.children) {
      const target = child.value === '@VOID@' ? undefined : identifiers.get(child.value);
      if (!target) continue;
      if (record.tag === 'FAM' && ['HUSB', 'WIFE', 'CHIL'].includes(child.tag)) {
        const back = child.tag === 'CHIL' ? 'FAMC' : 'FAMS';
        if (!linksTo(target, [back], record.xref))
          fail(child.line, `${child.value} has no ${back} ${record.xref} to match.`);
      }
      if (record.tag === 'INDI' && ['FAMS', 'FAMC'].includes(child.tag)) {
        const back = child.tag === 'FAMC' ? ['CHIL'] : ['HUSB', 'WIFE'];
        if (!linksTo(target, back, record.xref))
          fail(child.line, `${child.value} does not list ${record.xref} as ${back.join(' or ')}.`);
      }
    }
  }
}

function linksTo(record: Node, tags: string[], target: string): boolean {
  return record.children.some((child) => tags.includes(child.tag) && child.value === target);
}
