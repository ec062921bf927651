import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequestException, HttpException, Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { type TakeoutFamilyImportJob, type TakeoutFamilyPeople, takeoutFamilyFolder } from '@family/contract';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { makeTempFolder, SNIFF_BYTES } from '@family/shared/uploads';
import { GedcomImportRepository } from './import.repository';
import { GedcomImporter } from './importer';
import { GEDCOM_STORAGE, GEDCOM_TEMP_PREFIX } from './jobs';
import { checkGedcom, MAX_UPLOAD_BYTES, openPackage, sniffPackaging, TOO_LARGE } from './upload';

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The people of a takeout's family.ged, a job of the family worker queued by the media worker's import
 * (docs/architecture.md "Takeout import"): the same GEDCOM import a member starts (matching by UID, earlier imports
 * of the file, names and birth date; ties; an entry in the member's GEDCOM imports), run at once within the job,
 * writing people.json beside the file: which person each record became, or the sentence it was refused with.
 * Records the media worker already knows (members found by username) are those members, so the tree's ties reach
 * them. The same file again adds nobody and answers the same people.
 */
@Injectable()
export class GedcomTakeoutService {
  constructor(
    private readonly imports: GedcomImportRepository,
    private readonly importer: GedcomImporter,
    @Inject(GEDCOM_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async importPeople({ data }: JobRun<TakeoutFamilyImportJob>): Promise<void> {
    const folder = takeoutFamilyFolder('import', data.importId);
    let answer: TakeoutFamilyPeople;
    try {
      answer = await this.importFrom(`${folder}/family.ged`, data);
    } catch (error) {
      // The export's own tree refused (malformed, over a cap): the media worker's import says whose it was.
      if (!(error instanceof HttpException) || error.getStatus() >= 500) throw error;
      answer = { refused: { status: error.getStatus(), message: error.message } };
    }
    await this.storage.put(`${folder}/people.json`, Readable.from([Buffer.from(JSON.stringify(answer), 'utf8')]), {
      contentType: 'application/json',
    });
  }

  private async importFrom(key: string, data: TakeoutFamilyImportJob): Promise<TakeoutFamilyPeople> {
    const stat = await this.storage.stat(key);
    if (!stat) throw new Error(`The takeout's family.ged is not in storage (${key})`);
    if (stat.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeException(TOO_LARGE);
    const temp = await makeTempFolder(GEDCOM_TEMP_PREFIX);
    try {
      const path = join(temp, 'family.ged');
      await pipeline(await this.storage.get(key), createWriteStream(path));
      if (sniffPackaging(await headOf(path)) !== 'ged')
        throw new BadRequestException('Send family.ged itself, not a ZIP.');
      await checkGedcom(await openPackage(path, 'ged', 'family.ged'));
      // The import keeps its own copy, as a member's upload does (the takeout's copy goes with the import).
      const copy = `gedcom/${randomUUID()}`;
      await this.storage.put(copy, createReadStream(path));
      const { id } = await this.imports.create(data.createdBy, 'family.ged', copy, 'ged');
      await this.importer.run({
        id: `takeout-${id}`,
        data: { importId: id, known: data.known },
        attempt: 1,
        lastAttempt: true,
      });
      const status = await this.imports.status(id);
      if (status?.status !== 'done' || !status.report) {
        throw new BadRequestException(status?.error ?? 'The family tree of the export could not be imported.');
      }
      const people = await this.imports.mapped(await sha256Of(path));
      return {
        people: Object.fromEntries(people),
        created: status.report.created,
        matched: status.report.matched + status.report.alreadyImported,
      };
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }
}
