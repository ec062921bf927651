import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { ObjectStorage } from '@family/shared/storage';
import { GedcomImportRepository } from './import.repository';
import { GedcomImporter } from './importer';
import { GEDCOM_STORAGE } from './jobs';
import { checkGedcom, fileStream, openPackage, receiveGedcom } from './upload';

export interface TakeoutPeople {
  /** Which person of this archive each record (`@I1@`) of the file is now. */
  people: Record<string, number>;
  created: number;
  matched: number;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The people of a takeout's family.ged, for the media worker's import (docs/architecture.md "Takeout import"): the
 * same GEDCOM import a member starts (matching by UID, earlier imports of the file, names and birth date; ties;
 * an entry in the member's GEDCOM imports), run at once instead of queued, answering which person each record
 * became. Records the media worker already knows (members found by username) are those members, so the tree's
 * ties reach them. The same file again adds nobody and answers the same people.
 */
@Injectable()
export class GedcomTakeoutService {
  constructor(
    private readonly imports: GedcomImportRepository,
    private readonly importer: GedcomImporter,
    @Inject(GEDCOM_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async importPeople(createdBy: number, known: Record<string, number>, req: IncomingMessage): Promise<TakeoutPeople> {
    const received = await receiveGedcom(req);
    try {
      if (received.packaging !== 'ged') throw new BadRequestException('Send family.ged itself, not a ZIP.');
      const pkg = await openPackage(received.path, 'ged', received.fileName);
      await checkGedcom(pkg);
      const key = `gedcom/${randomUUID()}`;
      await this.storage.put(key, fileStream(received.path));
      const { id } = await this.imports.create(createdBy, received.fileName, key, 'ged');
      await this.importer.run({ id: `takeout-${id}`, data: { importId: id, known }, attempt: 1, lastAttempt: true });
      const status = await this.imports.status(id);
      if (status?.status !== 'done' || !status.report) {
        throw new BadRequestException(status?.error ?? 'The family tree of the export could not be imported.');
      }
      const people = await this.imports.mapped(await sha256Of(received.path));
      return {
        people: Object.fromEntries(people),
        created: status.report.created,
        matched: status.report.matched + status.report.alreadyImported,
      };
    } finally {
      await received.discard();
    }
  }
}
