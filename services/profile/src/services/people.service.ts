import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  PEOPLE_PAGE_DEFAULT,
  type PeoplePage,
  type PersonChange,
  type PersonDetail,
  type PersonFields,
  type PersonInvite,
  type PersonListItem,
} from '@family/contract';
import type { Identity } from '@family/shared';
import { AuthClient } from '@family/shared/clients';
import { mapPersonSummary } from '../dtos/user.dto';
import type { PeopleQueryDto, PersonFieldsDto } from '../dtos/person.dto';
import type { ProfileEntity } from '../entities/profile.entity';
import { MemoryRepository } from '../repositories/memory.repository';
import { PersonRepository, type PeopleCursor, type PeoplePageRows } from '../repositories/person.repository';
import { ProfileRepository } from '../repositories/profile.repository';
import {
  createdFields,
  defaultDisplayName,
  difference,
  fieldsOf,
  holds,
  mapPersonDetail,
  missingFields,
  mapPersonListItem,
  toColumns,
} from './person-fields';
import { PurgeService } from './purge.service';

const NOT_FOUND = 'This person is not in the family archive.';
const BAD_CURSOR = 'The cursor is not one this list gave out.';

function encodeCursor(key: PeoplePageRows['keys'][number], ranked: boolean): string {
  const values = ranked ? [key.guest, key.match, key.name, key.id] : [key.name, key.id];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** A cursor this list gave out: four values after a search, two without one. */
function decodeCursor(cursor: string | undefined, ranked: boolean): PeopleCursor | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (ranked && Array.isArray(values) && values.length === 4) {
      const [guest, match, name, id] = values;
      if (typeof guest === 'boolean' && (match === 0 || match === 1 || match === 2) && typeof name === 'string') {
        if (Number.isSafeInteger(id)) return { guest, match, name, id: id as number };
      }
    }
    if (!ranked && Array.isArray(values) && values.length === 2) {
      const [name, id] = values;
      if (typeof name === 'string' && Number.isSafeInteger(id)) return { name, id: id as number };
    }
  } catch {
    // falls through to the sentence below
  }
  throw new BadRequestException(BAD_CURSOR);
}

/**
 * Everyone in the family, with or without an account. Any member adds, edits and deletes people without
 * accounts; a member's own fields are edited by that member only. Every change is kept, and can be undone.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly people: PersonRepository,
    private readonly profiles: ProfileRepository,
    private readonly memories: MemoryRepository,
    private readonly purges: PurgeService,
    private readonly auth: AuthClient,
  ) {}

  async list(query: PeopleQueryDto): Promise<PeoplePage> {
    const limit = query.limit ?? PEOPLE_PAGE_DEFAULT;
    const q = query.q || undefined;
    const ranked = q !== undefined;
    const { rows, keys } = await this.people.page({
      q,
      membersOnly: query.members === 'true',
      limit,
      cursor: decodeCursor(query.cursor, ranked),
    });
    return {
      items: rows.slice(0, limit).map(mapPersonListItem),
      nextCursor: rows.length > limit ? encodeCursor(keys[limit - 1]!, ranked) : null,
    };
  }

  /** Many people at once (unknown ids are left out). */
  async lookup(ids: number[]): Promise<PersonListItem[]> {
    return (await this.profiles.listItemsOf([...new Set(ids)])).map(mapPersonListItem);
  }

  async get(id: number): Promise<PersonDetail> {
    return mapPersonDetail(await this.existing(id));
  }

  /** A person without an account: the id from auth, then the profile; both exist, or neither. */
  async create(user: Identity, dto: PersonFieldsDto): Promise<PersonDetail> {
    const displayName = dto.displayName ?? defaultDisplayName(dto);
    if (!displayName)
      throw new BadRequestException('A person needs a name: a given name, a surname or a display name.');
    const columns = toColumns({ ...dto, displayName });
    const { id } = await this.auth.newPerson();
    try {
      const profile = await this.people.create(id, columns, {
        action: 'create',
        before: {},
        after: createdFields(columns),
        changedBy: user.id,
      });
      return mapPersonDetail(profile);
    } catch (error) {
      await this.auth.removePerson(id);
      throw error;
    }
  }

  async update(user: Identity, id: number, dto: PersonFieldsDto): Promise<PersonDetail> {
    const result = await this.people.change(id, (current) => {
      this.mayEdit(user, current);
      const next = { ...dto };
      if (next.displayName === undefined && current.username === null && this.namesChange(dto)) {
        // A relative shown by their names follows them while nobody has given another display name.
        const wasDefault = current.displayName === defaultDisplayName(current);
        const renamed = defaultDisplayName({
          givenName: dto.givenName === undefined ? current.givenName : dto.givenName,
          surname: dto.surname === undefined ? current.surname : dto.surname,
        });
        if (wasDefault && renamed) next.displayName = renamed;
      }
      return this.decide(user.id, current, next, 'update');
    });
    if (!result) throw new NotFoundException(NOT_FOUND);
    return mapPersonDetail(result.profile);
  }

  /** Puts back what a change replaced, while the fields still hold what it wrote; recorded as a change itself. */
  async undo(user: Identity, id: number, changeId: number): Promise<PersonDetail> {
    const change = await this.people.findChange(id, changeId);
    if (!change) throw new NotFoundException('This change is not in the history of this person.');
    if (change.action === 'create') {
      throw new BadRequestException('Creating a person cannot be undone; delete the person instead.');
    }
    if (change.undoneBy !== null) throw new ConflictException('This change has already been undone.');
    const result = await this.people.change(id, (current) => {
      this.mayEdit(user, current);
      if (!holds(fieldsOf(current), change.after)) {
        throw new ConflictException('This person has been changed since; undo the later change first.');
      }
      const decision = this.decide(user.id, current, change.before, 'undo');
      return decision && { ...decision, undoes: change.id };
    });
    if (!result) throw new NotFoundException(NOT_FOUND);
    return mapPersonDetail(result.profile);
  }

  async history(id: number): Promise<PersonChange[]> {
    await this.existing(id);
    const changes = await this.people.history(id);
    const writers = await this.profiles.findByIds([
      ...new Set(changes.map((change) => change.changedBy).filter((who): who is number => who !== null)),
    ]);
    const byId = new Map(writers.map((writer) => [writer.userId, mapPersonSummary(writer)]));
    return changes.map((change) => ({
      id: change.id,
      personId: change.personId,
      action: change.action,
      before: change.before,
      after: change.after,
      changedBy: change.changedBy === null ? null : (byId.get(change.changedBy) ?? null),
      changedAt: change.changedAt.toISOString(),
      undoneBy: change.undoneBy,
    }));
  }

  /**
   * Removes a person without an account: their profile and history, and their id. Family asks, once it has seen
   * they are tagged nowhere (media), and removes their ties itself afterwards (docs/architecture.md "Who calls
   * whom"). Refused while they have an account or an open invite, so nothing is half-deleted.
   */
  async delete(id: number): Promise<void> {
    const person = await this.existing(id);
    if (person.username !== null) {
      throw new ConflictException(`${person.displayName} has an account; only they can delete it.`);
    }
    const { open } = await this.auth.hasOpenInvite(id);
    if (open) {
      throw new ConflictException(
        `${person.displayName} has an open invite. Wait until it is used or expires, or merge them instead.`,
      );
    }
    await this.purges.purge(id);
    await this.people.deleteHistory(id);
    await this.auth.removePerson(id);
  }

  /** A one-time sign-up as this person, for seven days; a new invite replaces the last. */
  async invite(user: Identity, id: number): Promise<PersonInvite> {
    const person = await this.existing(id);
    if (person.username !== null) throw new ConflictException(`${person.displayName} already has an account.`);
    const { code, expiresAt } = await this.auth.createInvite(id, user.id);
    return { code, url: `/?invite=${encodeURIComponent(code)}`, expiresAt };
  }

  /**
   * Folds a duplicate without an account into another person, after family has moved the ties (or refused when the
   * merged family would break a rule) and media the tags: fields the other person lacks are filled from the
   * duplicate, and the duplicate goes. Each step is idempotent, so a merge cut short finishes when asked again.
   */
  async merge(changedBy: number, id: number, intoId: number): Promise<PersonDetail> {
    if (id === intoId) throw new BadRequestException('A person cannot be merged into themselves.');
    const source = await this.existing(id);
    if (source.username !== null) {
      throw new ConflictException(`${source.displayName} has an account and cannot be merged into someone else.`);
    }
    const target = await this.existing(intoId);
    // A member's own fields are theirs to fill; a person without an account takes what the duplicate knew.
    const mayFill = target.username === null || target.userId === changedBy;
    const missing = mayFill ? missingFields(fieldsOf(target), fieldsOf(source)) : {};
    const result = await this.people.change(intoId, (current) =>
      Object.keys(missing).length ? this.decide(changedBy, current, missing, 'update') : null,
    );
    // Memories written about the duplicate are about the same person: they move before its profile goes.
    await this.memories.moveToPerson(id, intoId);
    await this.purges.purge(id);
    await this.people.deleteHistory(id);
    await this.auth.removePerson(id);
    return mapPersonDetail(result?.profile ?? target);
  }

  private decide(changedBy: number, current: ProfileEntity, fields: PersonFields, action: 'update' | 'undo') {
    const columns = toColumns(fields);
    const after = fieldsOf({ ...current, ...columns } as ProfileEntity);
    const changed = difference(fieldsOf(current), after);
    if (Object.keys(changed.after).length === 0) return null;
    return { columns, record: { action, ...changed, changedBy } };
  }

  private namesChange(dto: PersonFields): boolean {
    return dto.givenName !== undefined || dto.surname !== undefined;
  }

  /** Anyone edits a person without an account; a member's fields only that member. */
  private mayEdit(user: Identity, person: ProfileEntity): void {
    if (person.username !== null && person.userId !== user.id) {
      throw new ForbiddenException(`Only ${person.displayName} can edit their own profile.`);
    }
  }

  private async existing(id: number): Promise<ProfileEntity> {
    const person = await this.people.findById(id);
    if (!person) throw new NotFoundException(NOT_FOUND);
    return person;
  }
}
