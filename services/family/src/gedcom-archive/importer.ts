import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpException, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { GedcomImportReport } from '@family/contract';
import { chunks, HttpError, jsonBatches } from '@family/shared';
import { ProfileClient } from '@family/shared/clients';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { makeTempFolder, removeLeftTempFolders } from '@family/shared/uploads';
import { GedcomRefusedError, type GedcomImport, type GedcomPerson } from '../gedcom-format/data';
import { readGedcomStream } from '../gedcom-format/reader';
import { GedcomImportRepository, type ImportRecord } from './import.repository';
import { GEDCOM_STORAGE, GEDCOM_TEMP_PREFIX, type GedcomImportJob } from './jobs';
import { GedcomMediaImporter, type MediaPlan, planMedia } from './media';
import { type GedcomPackage, PackageRefusedError } from './package';
import { clip, importedPerson } from './people';
import { GedcomTieWriter } from './ties';
import { personOfUid } from './uids';
import { openPackage } from './upload';

/** People per call to profile: well under its batch limit, small enough for steady progress. */
const CHUNK = 1000;
const UNEXPECTED = 'The import stopped unexpectedly. Nothing was kept; please try again.';
const DATA_REFUSED = 'The archive refused a person of this file as it is, so nothing was kept';

async function* hashing(source: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Runs one GEDCOM import as a job (docs/architecture.md#gedcom-import-and-export): read the file, find who is
 * already in the archive (by UID, an earlier import of the same file, or the same names and birth date), create the
 * others in batches through profile, write ties and the record map in one transaction, then the media. When a
 * step fails, the people this run created are removed again, so a failed import leaves nothing behind.
 */
@Injectable()
export class GedcomImporter implements OnApplicationBootstrap {
  private readonly logger = new Logger(GedcomImporter.name);

  constructor(
    private readonly imports: GedcomImportRepository,
    private readonly ties: GedcomTieWriter,
    private readonly mediaImporter: GedcomMediaImporter,
    private readonly profile: ProfileClient,
    @Inject(GEDCOM_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Copies of uploads and imports a killed process of the family service or its worker left go at start. */
  async onApplicationBootstrap(): Promise<void> {
    await removeLeftTempFolders(GEDCOM_TEMP_PREFIX);
  }

  async run(job: JobRun<GedcomImportJob>): Promise<void> {
    const record = await this.imports.record(job.data.importId);
    if (!record || record.status === 'done' || record.status === 'failed' || !record.fileKey) return;
    const created: number[] = [];
    const folder = await makeTempFolder(GEDCOM_TEMP_PREFIX);
    let pkg: GedcomPackage | null = null;
    // Before the import is shown ended: once it says done or failed, nothing of it is left on disk.
    const cleanUp = async () => {
      pkg?.close();
      pkg = null;
      await rm(folder, { recursive: true, force: true });
    };
    try {
      await this.imports.progress(record.id, 2, 'Reading the file');
      const path = join(folder, 'upload');
      await pipeline(await this.storage.get(record.fileKey), createWriteStream(path));
      pkg = await openPackage(path, record.packaging, record.fileName);
      const hash = createHash('sha256');
      const data = await readGedcomStream(hashing(await pkg.gedcom(), hash));
      const plan = record.packaging === 'zip' ? planMedia(data.media, pkg) : { files: [], missing: [] };
      const known = new Map(Object.entries(job.data.known ?? {}));
      const report = await this.importData(record, data, hash.digest('hex'), created, plan, folder, known);
      await cleanUp();
      await this.imports.finish(record.id, report);
      await this.storage.delete(record.fileKey).catch(() => undefined);
      this.logger.log(`import ${record.id}: ${report.created} people created, ${report.matched} matched`);
    } catch (error) {
      await this.undo(created);
      const refused = error instanceof GedcomRefusedError || error instanceof PackageRefusedError;
      // Profile refusing what the file holds is about the file: another try would be refused the same way.
      const dataRefused = error instanceof HttpError && error.status >= 400 && error.status < 500;
      const sentence = refused
        ? (error as Error).message
        : dataRefused
          ? `${DATA_REFUSED} (${(error as Error).message})`
          : error instanceof HttpException && error.getStatus() < 500
            ? error.message
            : UNEXPECTED;
      if (refused || dataRefused || job.lastAttempt) {
        this.logger.error(`import ${record.id} failed: ${(error as Error)?.stack ?? String(error)}`);
        await cleanUp();
        await this.imports.fail(record.id, sentence);
        await this.storage.delete(record.fileKey).catch(() => undefined);
        return;
      }
      await this.imports.progress(record.id, 0, 'Trying again shortly');
      throw error;
    } finally {
      await cleanUp();
    }
  }

  private async importData(
    record: ImportRecord,
    data: GedcomImport,
    source: string,
    created: number[],
    plan: MediaPlan,
    folder: string,
    known: Map<string, number>,
  ): Promise<GedcomImportReport> {
    const total = data.people.length;
    await this.imports.progress(record.id, 10, `Read ${total} people; looking for those already in the archive`);
    const personOf = new Map<string, number>();
    const inArchive = new Set<number>();

    // 1. A person the caller already knows the record to be (a takeout's member); a UID: this archive's own (an
    // export of it coming back), or another program's an earlier import kept; then an earlier import of the same
    // file. Only people still in the archive count.
    const namespace = await this.imports.namespace();
    const foreignUids = [...new Set(data.people.flatMap((person) => person.uids ?? []))].filter(
      (uid) => personOfUid(namespace, uid) === null,
    );
    const byUid = await this.imports.peopleOfUids(foreignUids);
    const personOfUids = (person: GedcomPerson) =>
      (person.uids ?? []).map((uid) => personOfUid(namespace, uid) ?? byUid.get(uid)).find((id) => id !== undefined);
    const mapped = await this.imports.mapped(source);
    const alive = await this.existing([
      ...new Set([...known.values(), ...byUid.values(), ...mapped.values(), ...this.ownIds(data, namespace)]),
    ]);
    await this.imports.forget([...byUid.values(), ...mapped.values()].filter((id) => !alive.has(id)));
    for (const person of data.people) {
      for (const id of [known.get(person.id), personOfUids(person), mapped.get(person.id)]) {
        if (id === undefined || !alive.has(id) || inArchive.has(id)) continue;
        personOf.set(person.id, id);
        inArchive.add(id);
        break;
      }
    }
    const alreadyImported = personOf.size;

    // 2. The same names and birth date as someone in the archive; each archive person answers for one record.
    const candidates = data.people.filter((person) => !personOf.has(person.id) && person.birth?.date);
    const keys = candidates.map((person) => ({
      person,
      key: {
        givenName: clip(person.givenName, 120),
        surname: clip(person.surname, 120),
        birthDate: clip(person.birth!.date, 100)!,
      },
    }));
    for (const batch of jsonBatches(keys.map((entry) => entry.key)).map((part, i, all) => {
      const start = all.slice(0, i).reduce((sum, earlier) => sum + earlier.length, 0);
      return keys.slice(start, start + part.length);
    })) {
      const { ids } = await this.profile.matchPeople(batch.map((entry) => entry.key));
      batch.forEach(({ person }, index) => {
        const id = ids[index];
        if (id === null || id === undefined || inArchive.has(id)) return;
        personOf.set(person.id, id);
        inArchive.add(id);
      });
    }
    const matched = personOf.size - alreadyImported;

    // 3. Everyone else is new: created in batches, each batch one transaction in profile.
    const fresh = data.people.filter((person) => !personOf.has(person.id));
    const newPeople = fresh.map((person) => ({ record: person.id, fields: importedPerson(person) }));
    for (const part of jsonBatches(newPeople.map((entry) => entry.fields))) {
      const batch = newPeople.splice(0, part.length);
      const { ids } = await this.profile.importPeople(record.createdBy, part);
      created.push(...ids);
      batch.forEach((entry, index) => personOf.set(entry.record, ids[index]!));
      await this.imports.progress(
        record.id,
        15 + (60 * created.length) / Math.max(fresh.length, 1),
        `Added ${created.length} of ${fresh.length} new people`,
      );
    }

    // 4. Ties and the record map, all in one transaction.
    await this.imports.progress(record.id, 78, 'Adding partnerships and children');
    // Other programs' UIDs are kept, so their next export finds the same people (one person per UID).
    const uidPairs = new Map<string, number>();
    for (const person of data.people) {
      for (const uid of person.uids ?? []) {
        if (personOfUid(namespace, uid) === null) uidPairs.set(uid, personOf.get(person.id)!);
      }
    }
    const ties = await this.ties.write(data, personOf, inArchive, record.createdBy, source, [...uidPairs]);
    // From here the people are part of the archive with their ties: a later failure must not take them back
    // (a retry finds them through the record map and adds nobody).
    const createdCount = created.length;
    created.length = 0;

    // 5. Media from a GEDZIP, each file once: a missing or refused file is reported, not fatal.
    const files = plan.files.length;
    const media = await this.mediaImporter.import(plan, personOf, record.createdBy, folder, (done) =>
      this.imports.progress(record.id, 85 + (14 * done) / Math.max(files, 1), `Added ${done} of ${files} files`),
    );
    if (record.packaging === 'ged' && data.media.length > 0) {
      data.report.warnings.push({
        line: null,
        message: `The file names ${data.media.length} photos or documents; upload a ZIP of the export folder to bring them in too.`,
      });
    }
    return {
      version: data.version,
      encoding: data.encoding,
      sourceProgram: data.sourceProgram,
      people: total,
      created: createdCount,
      matched,
      alreadyImported,
      partnerships: ties.partnerships,
      children: ties.children,
      media: media.added,
      missingMedia: [...plan.missing, ...media.failed],
      skipped: [...data.report.skipped, ...ties.skipped].map((line) => ({ line: line.line, reason: line.reason })),
      warnings: data.report.warnings.map((warning) => ({ line: warning.line, reason: warning.message })),
      extensionTags: data.report.extensionTags,
    };
  }

  /** The people of this archive that the file's own-archive UIDs name. */
  private ownIds(data: GedcomImport, namespace: string): number[] {
    return data.people
      .flatMap((person) => (person.uids ?? []).map((uid) => personOfUid(namespace, uid)))
      .filter((id): id is number => id !== null);
  }

  /** Which of these people are still in the archive (the directory answers those it knows). */
  private async existing(ids: number[]): Promise<Set<number>> {
    const alive = new Set<number>();
    for (const batch of chunks(ids, 5000)) {
      const people = await this.profile.existingPeople(batch);
      for (const person of people) alive.add(person.id);
    }
    return alive;
  }

  /** Takes back the people this run created (profile removes them from auth too). */
  private async undo(created: number[]): Promise<void> {
    for (const batch of chunks(created, CHUNK)) {
      await this.profile
        .removeImportedPeople(batch)
        .catch((error: Error) => this.logger.error(`could not remove imported people: ${error.message}`));
    }
  }
}
