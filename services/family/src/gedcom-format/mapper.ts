import {
  GedcomRefusedError,
  GedcomTooLargeError,
  type ChildRelation,
  type GedcomData,
  type GedcomEvent,
  type GedcomFamily,
  type GedcomIssue,
  type GedcomMedia,
  type GedcomPerson,
  type GedcomReport,
  type Sex,
} from './data';
import { GEDCOM_LIMITS, OVER_LIMIT } from './limits';
import type { GedcomNode } from './lines';
import { personLabel } from './person-label';
import { fromGedcom7Date, parseGenealogicalDate } from '@family/shared';

/**
 * GEDCOM records to the archive's plain data, one record at a time; links are resolved at the end, since a
 * record may point to one further down the file. What the mapper keeps per record is small (names, events,
 * pointers), so a large file costs memory in proportion to its people, not to its text.
 *
 * Rules applied here, each reported with its line when it bites:
 * - a pointer that names no record, or a record of the wrong kind, is skipped;
 * - a family lists at most two partners, never the same person twice; a child is not their own parent;
 * - a child has at most two birth parents (a third is skipped), and nobody becomes their own ancestor
 *   (the child tie that would close the loop, in file order, is skipped);
 * - a date that is not genealogical grammar is kept as text, with a warning.
 * Ties are the union of what FAM records (HUSB, WIFE, CHIL) and INDI records (FAMS, FAMC) say.
 * The kind of a child tie comes from INDI.FAMC.PEDI, an ADOP event's FAMC, and, per parent, the vendors'
 * `_FREL`/`_MREL` (father's/mother's side, under CHIL or FAMC) or Family Historian's `_PEDI … (father)`.
 */

type Role = 'HUSB' | 'WIFE';

interface Link {
  pointer: string;
  line: number;
}

interface ChildLink extends Link {
  /** The tie to both partners, as PEDI or an adoption says. */
  relation: ChildRelation | null;
  /** The tie to one partner, by the partner's role. */
  byRole?: Partial<Record<Role, ChildRelation>>;
}

interface MediaFile {
  path: string;
  format: string | null;
  title: string | null;
  line: number;
}

type MediaRef = { pointer: string; line: number } | { files: MediaFile[]; line: number };
type NoteItem = { text: string } | { pointer: string; line: number };

interface PersonDraft {
  person: GedcomPerson;
  notes: NoteItem[];
  media: MediaRef[];
  famc: ChildLink[];
  fams: Link[];
}

interface FamilyDraft {
  family: GedcomFamily;
  partners: (Link & { role: Role })[];
  children: ChildLink[];
  media: MediaRef[];
}

interface Entry {
  family: FamilyDraft;
  child: string;
  line: number;
  relations: Map<string, ChildRelation>;
}

/** Extension tags this mapper reads; every other `_TAG` is skipped and counted. */
const READ_EXTENSIONS = new Set(['_MARNM', '_FREL', '_MREL', '_PEDI', '_UID']);
/** Records the mapper links to: two of them with one identifier make links ambiguous. */
const LINKED_RECORDS = new Set(['INDI', 'FAM', 'NOTE', 'SNOTE', 'OBJE']);
const MAX_LISTED = 1000;
const SEX_WORDS: Record<string, Sex> = { M: 'M', MALE: 'M', F: 'F', FEMALE: 'F', X: 'X', U: 'U', UNKNOWN: 'U' };
/** Bookkeeping of other programs, not facts about a person: not worth a line in the report. */
const BOOKKEEPING = new Set([
  'CHAN',
  'CREA',
  'RIN',
  'RFN',
  'AFN',
  'REFN',
  'UID',
  'EXID',
  'SUBM',
  'ANCI',
  'DESI',
  'RESN',
]);

export class GedcomMapper {
  grammar: '5' | '7' = '5';
  version: string | null = null;
  sourceProgram: string | null = null;
  readonly records: Record<string, number> = {};

  private readonly skipped: GedcomReport['skipped'] = [];
  private skippedTotal = 0;
  private readonly warnings: GedcomIssue[] = [];
  private warningsTotal = 0;
  private readonly extensionTags: Record<string, number> = {};
  private readonly notImported: Record<string, number> = {};
  /** Records other than INDI and FAM, by identifier (people and families have their own maps). */
  private readonly otherRecords = new Map<string, { tag: string; line: number }>();
  private readonly people = new Map<string, PersonDraft>();
  private readonly families = new Map<string, FamilyDraft>();
  private readonly notes = new Map<string, string>();
  private readonly objects = new Map<string, MediaFile[]>();
  private recordCount = 0;
  private peopleCount = 0;
  /** Every file an OBJE names, when only checking (the people and families are not kept then). */
  readonly filePaths = new Set<string>();

  /**
   * `checkOnly`: meet every refusal the import would (duplicate identifiers, the caps) and collect the files the
   * file names, without keeping people or families: an upload is checked in little memory.
   */
  constructor(private readonly checkOnly = false) {}

  skip(line: number | null, reason: string): void {
    this.skippedTotal++;
    if (this.skipped.length < MAX_LISTED) this.skipped.push({ line, reason });
  }

  warn(line: number | null, message: string): void {
    this.warningsTotal++;
    if (this.warnings.length < MAX_LISTED) this.warnings.push({ line, message });
  }

  add(record: GedcomNode): void {
    // Everyone is kept until the links are resolved: the caps bound that while the file streams.
    if (++this.recordCount > GEDCOM_LIMITS.records) throw new GedcomTooLargeError(OVER_LIMIT.records, record.line);
    if (record.tag === 'INDI' && ++this.peopleCount > GEDCOM_LIMITS.people) {
      throw new GedcomTooLargeError(OVER_LIMIT.people, record.line);
    }
    if (record.xref) this.records[record.tag] = (this.records[record.tag] ?? 0) + 1;
    this.countExtensions(record);
    if (record.tag === 'HEAD') {
      this.readHeader(record);
      return;
    }
    if (record.tag.startsWith('_')) return;
    if (record.xref) this.register(record);
    if (this.checkOnly) {
      this.collectFilePaths(record);
      return;
    }
    switch (record.tag) {
      case 'INDI':
        if (!record.xref) {
          this.skip(
            record.line,
            `Line ${record.line}: a person (INDI) without an identifier like @I1@ cannot be linked to anyone, nor recognised when the file is imported again; skipped.`,
          );
          return;
        }
        this.people.set(record.xref, this.readPerson(record));
        return;
      case 'FAM':
        if (!record.xref) {
          this.skip(
            record.line,
            `Line ${record.line}: a family (FAM) without an identifier like @F1@ cannot be linked to its members; skipped.`,
          );
          return;
        }
        this.families.set(record.xref, this.readFamily(record));
        return;
      case 'NOTE':
      case 'SNOTE':
        if (record.xref) this.notes.set(record.xref, record.value);
        return;
      case 'OBJE':
        if (record.xref) this.objects.set(record.xref, this.mediaFilesOf(record));
        return;
    }
  }

  finish(trailerSeen: boolean): { data: GedcomData; report: GedcomReport } {
    if (!trailerSeen) this.warn(null, 'The file ends without the line "0 TRLR"; it may have been cut short.');
    const notImported = Object.entries(this.notImported).sort((a, b) => b[1] - a[1]);
    if (notImported.length > 0) {
      this.warn(
        null,
        `Facts the archive does not keep were left out: ${notImported.map(([tag, count]) => `${tag} ×${count}`).join(', ')}.`,
      );
    }
    const partnersOf = this.resolvePartners();
    const entries = this.collectChildEntries();
    const accepted = this.checkChildEntries(entries);
    for (const entry of accepted) {
      entry.family.family.children.push({
        person: idOf(entry.child),
        line: entry.line,
        relations: Object.fromEntries([...entry.relations].map(([parent, relation]) => [idOf(parent), relation])),
      });
    }
    const people = [...this.people.values()].map((draft) => {
      draft.person.story = this.storyOf(draft);
      return draft.person;
    });
    const media = this.resolveMedia(partnersOf);
    const families = [...this.families.values()].map((draft) => draft.family);

    if (this.skippedTotal > this.skipped.length) {
      this.warn(null, `${this.skippedTotal - this.skipped.length} more skipped lines are not listed.`);
    }
    if (this.warningsTotal > this.warnings.length) {
      this.warnings.push({
        line: null,
        message: `${this.warningsTotal - this.warnings.length} more warnings are not listed.`,
      });
    }
    // File-wide notes first, then by line: reading and linking report at different times.
    const byLine = (a: { line: number | null }, b: { line: number | null }) => (a.line ?? 0) - (b.line ?? 0);
    this.skipped.sort(byLine);
    this.warnings.sort(byLine);
    const byTag = Object.fromEntries(Object.entries(this.extensionTags).sort((a, b) => b[1] - a[1]));
    const report: GedcomReport = {
      people: people.length,
      partnerships: families.filter((family) => family.partners.length === 2).length,
      children: accepted.reduce((sum, entry) => sum + entry.relations.size, 0),
      media: media.length,
      skipped: this.skipped,
      warnings: this.warnings,
      extensionTags: { total: Object.values(byTag).reduce((sum, count) => sum + count, 0), byTag },
    };
    return { data: { people, families, media }, report };
  }

  // --- records ----------------------------------------------------------------------------------------------

  private readHeader(head: GedcomNode): void {
    const gedc = head.children.find((child) => child.tag === 'GEDC');
    this.version = gedc?.children.find((child) => child.tag === 'VERS')?.value.trim() || null;
    this.grammar = this.version && /^7(\.|$)/.test(this.version) ? '7' : '5';
    this.sourceProgram = head.children.find((child) => child.tag === 'SOUR')?.value.trim() || null;
  }

  private recordOf(xref: string): { tag: string; line: number } | undefined {
    const person = this.people.get(xref);
    if (person) return { tag: 'INDI', line: person.person.line ?? 0 };
    const family = this.families.get(xref);
    if (family) return { tag: 'FAM', line: family.family.line ?? 0 };
    return this.otherRecords.get(xref);
  }

  private register(record: GedcomNode): void {
    const xref = record.xref!;
    const earlier = this.recordOf(xref);
    if (!earlier) {
      if ((record.tag !== 'INDI' && record.tag !== 'FAM') || this.checkOnly)
        this.otherRecords.set(xref, { tag: record.tag, line: record.line });
      return;
    }
    const message = `Line ${record.line} gives the identifier ${xref} to a second record (the first is at line ${earlier.line})`;
    if (LINKED_RECORDS.has(record.tag) || LINKED_RECORDS.has(earlier.tag)) {
      throw new GedcomRefusedError(
        `${message}; links to it would be ambiguous, so the file cannot be imported.`,
        false,
        record.line,
      );
    }
    this.warn(record.line, `${message}; links to it are ignored.`);
  }

  private readPerson(record: GedcomNode): PersonDraft {
    const person: GedcomPerson = {
      id: idOf(record.xref!),
      line: record.line,
      givenName: null,
      surname: null,
      nicknames: [],
      marriedNames: [],
      sex: null,
      birth: null,
      death: null,
      burial: null,
      baptism: null,
      story: null,
      uids: [],
    };
    const draft: PersonDraft = { person, notes: [], media: [], famc: [], fams: [] };
    const names: GedcomNode[] = [];
    let christening: GedcomEvent | null = null;
    const adoptions = new Map<string, Role | 'BOTH'>();
    for (const child of record.children) {
      switch (child.tag) {
        case 'NAME':
          names.push(child);
          break;
        case 'SEX':
          person.sex = this.sexOf(child);
          break;
        case 'BIRT':
          person.birth ??= this.eventOf(child);
          break;
        case 'DEAT':
          person.death ??= this.eventOf(child);
          break;
        case 'BURI':
          person.burial ??= this.eventOf(child);
          break;
        case 'BAPM':
          person.baptism ??= this.eventOf(child);
          break;
        case 'CHR':
          christening ??= this.eventOf(child);
          break;
        case 'ADOP':
          for (const famc of child.children.filter((node) => node.tag === 'FAMC' && node.pointer)) {
            const side = famc.children
              .find((node) => node.tag === 'ADOP')
              ?.value.trim()
              .toUpperCase();
            adoptions.set(famc.pointer!, side === 'HUSB' || side === 'WIFE' ? side : 'BOTH');
          }
          break;
        case 'NOTE':
        case 'SNOTE':
          if (child.pointer) draft.notes.push({ pointer: child.pointer, line: child.line });
          else if (child.value.trim()) draft.notes.push({ text: child.value.trim() });
          break;
        case 'FAMC':
          if (child.pointer) draft.famc.push(this.childLinkOf(child, child.pointer));
          else if (child.value.trim())
            this.skip(child.line, `Line ${child.line}: FAMC must point to a family like @F1@.`);
          break;
        case 'FAMS':
          if (child.pointer) draft.fams.push({ pointer: child.pointer, line: child.line });
          else if (child.value.trim())
            this.skip(child.line, `Line ${child.line}: FAMS must point to a family like @F1@.`);
          break;
        case '_MARNM': {
          const married = cleanName(child.value);
          if (married) pushUnique(person.marriedNames, married);
          break;
        }
        case 'UID':
        case '_UID': {
          // Kept so a later import of the same people finds them (docs/architecture.md#gedcom-import-and-export).
          const uid = child.value.trim();
          if (uid && uid.length <= 100) pushUnique(person.uids!, uid);
          break;
        }
        case 'OBJE':
          break;
        default:
          this.countNotImported(child);
      }
    }
    person.baptism ??= christening;
    this.readNames(person, names);
    for (const link of draft.famc) {
      const adoption = adoptions.get(link.pointer);
      if (!adoption) continue;
      if (adoption === 'BOTH') link.relation ??= 'adopted';
      else (link.byRole ??= {})[adoption] ??= 'adopted';
    }
    this.collectMedia(record, draft.media);
    // Exact-size copies: an array that was pushed to keeps room for 17 entries, and there are many drafts.
    draft.notes = draft.notes.slice();
    draft.media = draft.media.slice();
    draft.famc = draft.famc.slice();
    draft.fams = draft.fams.slice();
    person.uids = person.uids!.slice();
    return draft;
  }

  private readNames(person: GedcomPerson, names: GedcomNode[]): void {
    const isMarried = (name: GedcomNode) => /^married$/i.test(childValue(name, 'TYPE'));
    const primary = names.find((name) => !isMarried(name)) ?? names[0];
    for (const name of names) {
      const parts = splitPersonalName(name.value);
      for (const nick of name.children.filter((child) => child.tag === 'NICK')) {
        const value = nick.value.trim();
        if (value) pushUnique(person.nicknames, value);
      }
      for (const married of name.children.filter((child) => child.tag === '_MARNM')) {
        const value = cleanName(married.value);
        if (value) pushUnique(person.marriedNames, value);
      }
      if (name === primary) {
        person.givenName = parts.given || cleanName(childValue(name, 'GIVN')) || null;
        person.surname = parts.surname || cleanName(childValue(name, 'SURN')) || null;
      } else if (isMarried(name)) {
        const married = parts.surname || cleanName(childValue(name, 'SURN')) || cleanName(name.value);
        if (married) pushUnique(person.marriedNames, married);
      }
    }
  }

  private readFamily(record: GedcomNode): FamilyDraft {
    const family: GedcomFamily = {
      id: idOf(record.xref!),
      line: record.line,
      partners: [],
      marriage: null,
      divorce: null,
      children: [],
    };
    const draft: FamilyDraft = { family, partners: [], children: [], media: [] };
    for (const child of record.children) {
      switch (child.tag) {
        case 'HUSB':
        case 'WIFE':
          if (child.pointer) draft.partners.push({ pointer: child.pointer, line: child.line, role: child.tag });
          else if (child.value.trim())
            this.skip(child.line, `Line ${child.line}: ${child.tag} must point to a person like @I1@.`);
          break;
        case 'CHIL':
          if (child.pointer) draft.children.push(this.childLinkOf(child, child.pointer));
          else if (child.value.trim())
            this.skip(child.line, `Line ${child.line}: CHIL must point to a person like @I1@.`);
          break;
        case 'MARR':
          family.marriage ??= this.eventOf(child);
          break;
        case 'DIV':
          family.divorce ??= this.eventOf(child);
          break;
        case 'OBJE':
          break;
        default:
          this.countNotImported(child);
      }
    }
    this.collectMedia(record, draft.media);
    draft.partners = draft.partners.slice();
    draft.children = draft.children.slice();
    draft.media = draft.media.slice();
    return draft;
  }

  /** A FAMC (under INDI) or CHIL (under FAM) line with what it says about the kind of tie. */
  private childLinkOf(node: GedcomNode, pointer: string): ChildLink {
    const link: ChildLink = { pointer, line: node.line, relation: null };
    for (const child of node.children) {
      if (child.tag === 'PEDI') {
        link.relation = this.relationOf(child.value, childValue(child, 'PHRASE'), child.line);
      } else if (child.tag === '_FREL' || child.tag === '_MREL') {
        const relation = this.relationOf(child.value, '', child.line);
        if (relation) (link.byRole ??= {})[child.tag === '_FREL' ? 'HUSB' : 'WIFE'] = relation;
      } else if (child.tag === '_PEDI') {
        const side = /\((father|mother)\)\s*$/i.exec(child.value);
        const relation = this.relationOf(child.value.replace(/\((father|mother)\)\s*$/i, ''), '', child.line);
        if (relation && side) (link.byRole ??= {})[side[1].toLowerCase() === 'father' ? 'HUSB' : 'WIFE'] = relation;
        else if (relation) link.relation = relation;
      }
    }
    return link;
  }

  /** PEDI (5.5.1, 7.0) and the vendors' words for a child tie; null when it says nothing. */
  private relationOf(value: string, phrase: string, line: number): ChildRelation | null {
    const word = value.trim().toLowerCase();
    if (word === '' || word === 'unknown' || word === 'private') return null;
    if (['birth', 'natural', 'biological', 'sealing'].includes(word)) return 'birth';
    if (word === 'adopted') return 'adopted';
    if (word === 'foster' || word === 'guardian') return 'foster';
    if (word === 'step' || word === 'stepchild') return 'step';
    const text = `${word} ${phrase.toLowerCase()}`;
    if (/step/.test(text)) return 'step';
    if (/adopt/.test(text)) return 'adopted';
    if (/foster|guardian/.test(text)) return 'foster';
    if (/birth|natural|biolog/.test(text)) return 'birth';
    this.warn(
      line,
      `Line ${line}: the child tie "${value.trim()}" is not birth, adopted, foster or step; it was kept as foster, the nearest tie that is not by birth.`,
    );
    return 'foster';
  }

  private sexOf(node: GedcomNode): Sex | null {
    const value = node.value.trim().toUpperCase();
    if (value === '') return null;
    if (Object.hasOwn(SEX_WORDS, value)) return SEX_WORDS[value];
    this.warn(node.line, `Line ${node.line}: sex "${node.value.trim()}" is not M, F, X or U; it was left unknown.`);
    return null;
  }

  /** An event the file says happened (a Y, a date or a place), else null, as GEDCOM 5.5.1 and 7 define it. */
  private eventOf(node: GedcomNode): GedcomEvent | null {
    const dateNode = node.children.find((child) => child.tag === 'DATE');
    const placeNode = node.children.find((child) => child.tag === 'PLAC');
    let date = dateNode?.value.trim() ?? '';
    if (dateNode && this.grammar === '7') date = fromGedcom7Date(date, childValue(dateNode, 'PHRASE') || null);
    const place = placeNode?.value.trim() ?? '';
    if (node.value.trim() === '' && date === '' && place === '') return null;
    if (date !== '') {
      const parsed = parseGenealogicalDate(date);
      if (!parsed.valid)
        this.warn(dateNode!.line, `Line ${dateNode!.line}: ${parsed.reason} The date is kept as text.`);
    }
    return { date: date || null, place: place || null };
  }

  private collectMedia(record: GedcomNode, into: MediaRef[]): void {
    const visit = (node: GedcomNode) => {
      for (const child of node.children) {
        if (child.tag.startsWith('_')) continue;
        if (child.tag === 'OBJE') {
          if (child.pointer) into.push({ pointer: child.pointer, line: child.line });
          else into.push({ files: this.mediaFilesOf(child), line: child.line });
          continue;
        }
        visit(child);
      }
    };
    visit(record);
  }

  private collectFilePaths(node: GedcomNode): void {
    if (node.tag.startsWith('_')) return;
    if (node.tag === 'OBJE') {
      for (const file of this.mediaFilesOf(node)) this.filePaths.add(file.path);
      return;
    }
    for (const child of node.children) this.collectFilePaths(child);
  }

  /** The files of an OBJE record or of an OBJE written inline (5.5 and 5.5.1). */
  private mediaFilesOf(obje: GedcomNode): MediaFile[] {
    const title = childValue(obje, 'TITL') || null;
    const format = childValue(obje, 'FORM') || null;
    const files: MediaFile[] = [];
    for (const file of obje.children.filter((child) => child.tag === 'FILE')) {
      const path = this.grammar === '7' ? decodeFilePath(file.value.trim()) : file.value.trim();
      if (!path) continue;
      const form = file.children.find((child) => child.tag === 'FORM');
      files.push({
        path,
        format: form?.value.trim() || format,
        title: childValue(file, 'TITL') || title,
        line: file.line,
      });
    }
    if (files.length === 0 && obje.children.some((child) => child.tag === 'BLOB')) {
      this.warn(obje.line, `Line ${obje.line}: a multimedia object embedded in the file (BLOB) is not imported.`);
    }
    return files;
  }

  private countExtensions(record: GedcomNode): void {
    const visit = (node: GedcomNode) => {
      if (node.tag.startsWith('_') && !READ_EXTENSIONS.has(node.tag)) {
        this.extensionTags[node.tag] = (this.extensionTags[node.tag] ?? 0) + 1;
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(record);
  }

  private countNotImported(node: GedcomNode): void {
    if (node.tag.startsWith('_') || BOOKKEEPING.has(node.tag)) return;
    this.notImported[node.tag] = (this.notImported[node.tag] ?? 0) + 1;
  }

  // --- links ------------------------------------------------------------------------------------------------

  /** A person of the file as a report line names them (links are resolved once every record is read). */
  private who(xref: string): string {
    const draft = this.people.get(xref);
    return draft ? personLabel(draft.person) : xref;
  }

  private resolve(link: Link, expected: 'INDI' | 'FAM', what: string): boolean {
    if (link.pointer === '@VOID@') return false;
    if (expected === 'INDI' ? this.people.has(link.pointer) : this.families.has(link.pointer)) return true;
    const target = this.recordOf(link.pointer);
    this.skip(
      link.line,
      target
        ? `Line ${link.line}: ${link.pointer} is a ${target.tag} record, not ${what}; the link is skipped.`
        : `Line ${link.line}: ${link.pointer} names no record in this file; the link is skipped.`,
    );
    return false;
  }

  /** Settles each family's partners (FAM's HUSB/WIFE and INDI's FAMS); returns who the partners are by family. */
  private resolvePartners(): Map<string, string[]> {
    for (const draft of this.families.values()) {
      const partners: (Link & { role: Role })[] = [];
      for (const partner of draft.partners) {
        if (!this.resolve(partner, 'INDI', 'a person')) continue;
        if (partners.some((other) => other.pointer === partner.pointer)) {
          this.skip(
            partner.line,
            `Line ${partner.line}: ${this.who(partner.pointer)} is already a partner in this family; nobody is their own partner.`,
          );
          continue;
        }
        if (partners.length === 2) {
          this.skip(
            partner.line,
            `Line ${partner.line}: a family has at most two partners; ${this.who(partner.pointer)} is skipped.`,
          );
          continue;
        }
        partners.push(partner);
      }
      draft.partners = partners;
    }
    for (const [xref, person] of this.people) {
      for (const fams of person.fams) {
        if (!this.resolve(fams, 'FAM', 'a family')) continue;
        const family = this.families.get(fams.pointer)!;
        if (family.partners.some((partner) => partner.pointer === xref)) continue;
        if (family.partners.length === 2) {
          this.skip(
            fams.line,
            `Line ${fams.line}: the family of ${family.partners.map((partner) => this.who(partner.pointer)).join(' and ')} already has two partners; ${this.who(xref)} is not added.`,
          );
          continue;
        }
        const taken = family.partners[0]?.role;
        const role: Role = taken ? (taken === 'HUSB' ? 'WIFE' : 'HUSB') : person.person.sex === 'F' ? 'WIFE' : 'HUSB';
        family.partners.push({ pointer: xref, line: fams.line, role });
      }
    }
    const partnersOf = new Map<string, string[]>();
    for (const [xref, draft] of this.families) {
      draft.family.partners = draft.partners.map((partner) => idOf(partner.pointer));
      partnersOf.set(
        xref,
        draft.partners.map((partner) => partner.pointer),
      );
    }
    return partnersOf;
  }

  /** Child entries from FAM.CHIL and INDI.FAMC together, one per child and family, in file order. */
  private collectChildEntries(): Entry[] {
    const entries = new Map<string, Entry>();
    const add = (family: FamilyDraft, child: string, link: ChildLink, pedigree: ChildLink | null) => {
      const key = `${family.family.id}\u0000${child}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = { family, child, line: link.line, relations: new Map() };
        entries.set(key, entry);
      }
      for (const partner of family.partners) {
        const relation =
          link.byRole?.[partner.role] ??
          pedigree?.byRole?.[partner.role] ??
          pedigree?.relation ??
          link.relation ??
          entry.relations.get(partner.pointer) ??
          'birth';
        entry.relations.set(partner.pointer, relation);
      }
    };
    const famcOf = (child: string, family: string) =>
      this.people.get(child)?.famc.find((link) => link.pointer === family) ?? null;
    for (const [xref, family] of this.families) {
      for (const link of family.children) {
        if (!this.resolve(link, 'INDI', 'a person')) continue;
        add(family, link.pointer, link, famcOf(link.pointer, xref));
      }
    }
    for (const [xref, person] of this.people) {
      for (const link of person.famc) {
        if (!this.resolve(link, 'FAM', 'a family')) continue;
        const family = this.families.get(link.pointer)!;
        if (!entries.has(`${family.family.id}\u0000${xref}`)) add(family, xref, link, link);
      }
    }
    return [...entries.values()].sort((a, b) => a.line - b.line);
  }

  /** Applies the family rules to the child entries, in file order; returns the entries kept. */
  private checkChildEntries(entries: Entry[]): Entry[] {
    const birthParents = new Map<string, Set<string>>();
    const kept: Entry[] = [];
    for (const entry of entries) {
      if (entry.relations.has(entry.child)) {
        this.skip(
          entry.line,
          `Line ${entry.line}: ${this.who(entry.child)} is a partner in this family and cannot also be its child; the child tie is skipped.`,
        );
        continue;
      }
      const known = birthParents.get(entry.child) ?? new Set<string>();
      const added = [...entry.relations].filter(([parent, relation]) => relation === 'birth' && !known.has(parent));
      if (known.size + added.length > 2) {
        const extra = added.map(([parent]) => this.who(parent)).join(' and ');
        this.skip(
          entry.line,
          `Line ${entry.line}: ${this.who(entry.child)} already has two birth parents, so ${extra} cannot be one too; the child tie is skipped.`,
        );
        continue;
      }
      for (const [parent] of added) known.add(parent);
      birthParents.set(entry.child, known);
      kept.push(entry);
    }
    return this.dropCycles(kept);
  }

  /**
   * Nobody may be their own ancestor. A topological sort finds the people caught in loops (usually none);
   * only their ties are then replayed in file order, and the tie that would close a loop is skipped.
   */
  private dropCycles(entries: Entry[]): Entry[] {
    const edges = new Map<string, string[]>();
    const indegree = new Map<string, number>();
    for (const entry of entries) {
      for (const parent of entry.relations.keys()) {
        const children = edges.get(parent);
        if (children) children.push(entry.child);
        else edges.set(parent, [entry.child]);
        indegree.set(entry.child, (indegree.get(entry.child) ?? 0) + 1);
        if (!indegree.has(parent)) indegree.set(parent, 0);
      }
    }
    const queue = [...indegree].filter(([, degree]) => degree === 0).map(([node]) => node);
    while (queue.length > 0) {
      const node = queue.pop()!;
      indegree.delete(node);
      for (const child of edges.get(node) ?? []) {
        const degree = indegree.get(child)! - 1;
        indegree.set(child, degree);
        if (degree === 0) queue.push(child);
      }
    }
    if (indegree.size === 0) return entries;

    const looped = new Set(indegree.keys());
    const accepted = new Map<string, string[]>();
    const reaches = (from: string, to: string) => {
      const seen = new Set<string>();
      const stack = [from];
      while (stack.length > 0) {
        const node = stack.pop()!;
        if (node === to) return true;
        if (seen.has(node)) continue;
        seen.add(node);
        stack.push(...(accepted.get(node) ?? []));
      }
      return false;
    };
    return entries.filter((entry) => {
      const inLoop = [...entry.relations.keys()].filter((parent) => looped.has(parent) && looped.has(entry.child));
      if (inLoop.some((parent) => reaches(entry.child, parent))) {
        this.skip(
          entry.line,
          `Line ${entry.line}: this child tie would make ${this.who(entry.child)} their own ancestor; it is skipped.`,
        );
        return false;
      }
      for (const parent of inLoop) {
        const children = accepted.get(parent);
        if (children) children.push(entry.child);
        else accepted.set(parent, [entry.child]);
      }
      return true;
    });
  }

  private storyOf(draft: PersonDraft): string | null {
    const texts: string[] = [];
    for (const note of draft.notes) {
      if ('text' in note) {
        texts.push(note.text);
        continue;
      }
      const text = this.notes.get(note.pointer);
      if (text === undefined) {
        this.skip(note.line, `Line ${note.line}: ${note.pointer} names no note in this file; the link is skipped.`);
      } else if (text.trim()) {
        texts.push(text.trim());
      }
    }
    return texts.length > 0 ? texts.join('\n\n') : null;
  }

  /** Every file linked from a person, or from a family (for its partners), once per path. */
  private resolveMedia(partnersOf: Map<string, string[]>): GedcomMedia[] {
    const byPath = new Map<string, GedcomMedia>();
    const link = (refs: MediaRef[], people: string[]) => {
      for (const ref of refs) {
        let files: MediaFile[];
        if ('pointer' in ref) {
          const record = this.objects.get(ref.pointer);
          if (!record) {
            if (ref.pointer !== '@VOID@') {
              this.skip(
                ref.line,
                `Line ${ref.line}: ${ref.pointer} names no multimedia record in this file; the link is skipped.`,
              );
            }
            continue;
          }
          files = record;
        } else {
          files = ref.files;
        }
        for (const file of files) {
          let media = byPath.get(file.path);
          if (!media) {
            media = { path: file.path, format: file.format, title: file.title, people: [], line: file.line };
            byPath.set(file.path, media);
          }
          for (const person of people) pushUnique(media.people, idOf(person));
        }
      }
    };
    for (const [xref, draft] of this.people) link(draft.media, [xref]);
    for (const [xref, draft] of this.families) link(draft.media, partnersOf.get(xref) ?? []);
    return [...byPath.values()];
  }
}

// --- helpers --------------------------------------------------------------------------------------------------

function idOf(xref: string): string {
  return xref.slice(1, -1);
}

function childValue(node: GedcomNode, tag: string): string {
  return node.children.find((child) => child.tag === tag)?.value.trim() ?? '';
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/** A name part without the surname slashes and with single spaces. */
function cleanName(value: string): string {
  return value.replaceAll('/', ' ').replace(/\s+/g, ' ').trim();
}

/** "John /Smith/ Jr." → given "John", surname "Smith"; the given name may follow the surname ("/Smith/ John"). */
export function splitPersonalName(value: string): { given: string; surname: string } {
  const first = value.indexOf('/');
  if (first === -1) return { given: cleanName(value), surname: '' };
  const second = value.indexOf('/', first + 1);
  const before = cleanName(value.slice(0, first));
  const surname = cleanName(second === -1 ? value.slice(first + 1) : value.slice(first + 1, second));
  const after = second === -1 ? '' : cleanName(value.slice(second + 1));
  return { given: before || after, surname };
}

/**
 * GEDCOM 7 FILE values are URI references: a relative path comes back with its %-escapes decoded, a file:
 * URL as the local path it names (with backslashes after a Windows drive letter), other URLs as they are.
 */
function decodeFilePath(value: string): string {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const drive = /^file:\/\/\/([a-z]:\/.*)$/i.exec(value);
  if (drive) return decode(drive[1]).replaceAll('/', '\\');
  if (/^file:\/\/\//i.test(value)) return decode(value.slice('file://'.length));
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return decode(value);
}
