import { Injectable } from '@nestjs/common';
import type { PersonDetail } from '@family/contract';
import { parseGenealogicalDate, sqlDay } from '@family/shared';
import { AuthClient } from '@family/shared/clients';
import type { ImportedEventDto, ImportedPersonDto, MatchCandidateDto } from '../dtos/people-import.dto';
import { PeopleImportRepository } from '../repositories/people-import.repository';
import { createdFields, mapPersonDetail, type PersonColumns } from './person-fields';

/** The days a date text can mean, or none when it is not genealogical grammar (kept as text all the same). */
function days(text: string | null): { earliest: string | null; latest: string | null } {
  if (!text) return { earliest: null, latest: null };
  const parsed = parseGenealogicalDate(text);
  if (!parsed.valid) return { earliest: null, latest: null };
  return { earliest: sqlDay(parsed.date.earliest), latest: sqlDay(parsed.date.latest) };
}

function eventColumns(event: ImportedEventDto | null) {
  const date = event?.date ?? null;
  return { date, place: event?.place ?? null, ...days(date) };
}

export function importedColumns(person: ImportedPersonDto): PersonColumns {
  const birth = eventColumns(person.birth);
  const death = eventColumns(person.death);
  return {
    displayName: person.displayName,
    givenName: person.givenName ?? null,
    surname: person.surname ?? null,
    sex: person.sex,
    story: person.story ?? null,
    birthDate: birth.date,
    birthEarliest: birth.earliest,
    birthLatest: birth.latest,
    birthPlace: birth.place,
    died: person.death !== null && person.death !== undefined,
    deathDate: death.date,
    deathEarliest: death.earliest,
    deathLatest: death.latest,
    deathPlace: death.place,
  };
}

/**
 * People in bulk, for a GEDCOM import and export (docs/architecture.md#gedcom-import-and-export): many people
 * made in one transaction with their history, matched against those already in the archive, removed again
 * when the import fails, and everyone read page by page for an export.
 */
@Injectable()
export class PeopleImportService {
  constructor(
    private readonly people: PeopleImportRepository,
    private readonly auth: AuthClient,
  ) {}

  /** Ids from auth for every person, then every profile and its creation record in one transaction. */
  async create(changedBy: number, people: ImportedPersonDto[]): Promise<{ ids: number[] }> {
    if (people.length === 0) return { ids: [] };
    const { ids } = await this.auth.newPeople(people.length);
    try {
      const rows = people.map((person, index) => {
        const columns = importedColumns(person);
        return { id: ids[index]!, columns, created: createdFields(columns) };
      });
      await this.people.createMany(rows, changedBy);
      return { ids };
    } catch (error) {
      await this.auth.removePeople(ids);
      throw error;
    }
  }

  /** For each candidate, the id of someone in the archive with the same names and birth date, or null. */
  async match(candidates: MatchCandidateDto[]): Promise<{ ids: (number | null)[] }> {
    const keys = candidates.map((candidate) => ({
      givenName: (candidate.givenName ?? '').trim().toLowerCase(),
      surname: (candidate.surname ?? '').trim().toLowerCase(),
      birthDate: candidate.birthDate.trim().toLowerCase(),
      ...days(candidate.birthDate),
    }));
    return { ids: await this.people.match(keys) };
  }

  /** An import that failed takes back the people it made (members are never touched). */
  async remove(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const removed = await this.people.deleteWithoutAccount(ids);
    await this.auth.removePeople(removed);
  }

  /** Everyone, by id after `after`: an export reads the whole archive in pages. */
  async page(after: number, limit: number): Promise<{ items: PersonDetail[]; next: number | null }> {
    const rows = await this.people.page(after, limit);
    return {
      items: rows.map(mapPersonDetail),
      next: rows.length === limit ? rows[rows.length - 1]!.userId : null,
    };
  }
}
