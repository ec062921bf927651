import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BadRequestException, HttpException, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import {
  ALBUM_DESCRIPTION_MAX,
  ALBUM_NAME_MAX,
  MEMORY_CONTENT_MAX,
  MEMORY_TITLE_MAX,
  STORY_MAX,
  type ArchiveManifest,
  type ArchiveMedia,
  type ArchiveMotion,
  MEDIA_TYPES,
  type MediaType,
  type PersonName,
  type TakeoutImportReport,
} from '@family/contract';
import { localToday } from '@family/shared';
import type { JobRun } from '@family/shared/jobs';
import { validateInput } from '@family/shared/nest';
import type { ObjectStorage } from '@family/shared/storage';
import { makeTempFolder, removeLeftTempFolders, storeUpload } from '@family/shared/uploads';
import { type CheckedZip, openCheckedZip, type ZipEntry, ZipRefusedError } from '@family/shared/zip';
import {
  acceptKind,
  allDerivativeKeys,
  type DeclaredFile,
  DuplicateUploadError,
  MEDIA_STORAGE,
  type MediaItemEntity,
  MediaItemRepository,
  MediaWorkerQueue,
  needsPreparing,
  newMediaKey,
  refusalMessage,
  SNIFF_BYTES,
  sniffKind,
  TagRepository,
  TAKEOUT_IMPORT,
  type TakeoutImportJob,
  UploadMediaFields,
} from '../../media-kit';
import { TAKEOUT_TEMP_PREFIX } from './import-files';
import { FamilyPartJobs } from '../family-part';
import { TakeoutCalls } from './takeout-calls';
import { type CreatedByImport, type ImportRow, TakeoutImportRepository } from './takeout-import.repository';
import { MANIFEST_NAME, readManifest, takeoutZipLimits } from './manifest-reader';

const UNEXPECTED = 'The import stopped unexpectedly. Nothing was kept; please try again.';
/** Files of the ZIP the import reads or knows to leave out (docs/api.md "Import of an export"). */
const KNOWN_FILES = new Set([MANIFEST_NAME, 'family.ged', 'SHA256SUMS', 'index.html']);
const KNOWN_FOLDERS = ['thumbs/', 'posts/', 'people/'];
/** An export never holds a file this large; the bound only keeps a lying entry from filling the disk. */
const MAX_FILE_BYTES = 1024 ** 4;
/** Progress (and the list of what was made) is written after this many items. */
const PROGRESS_EVERY = 10;
/**
 * The report lists this many things left out, then says how many more: it is answered with every import in the
 * member's list, and a ZIP of 300,000 stray files would otherwise make that list tens of megabytes.
 */
const REPORT_LINES_MAX = 1000;
const REPORT_PATH_MAX = 500;

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** Text cut to `max` UTF-16 units without leaving half of a character behind. */
const cut = (value: string, max: number) => value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
/** A row Postgres refused for its data (a value out of range, a second row with the same key): that item's fault. */
const isDataError = (error: unknown) =>
  error instanceof QueryFailedError && /^2[23]/.test(String((error.driverError as { code?: string }).code));
const without = (sentence: string) => sentence.replace(/\.$/, '');

/** The report's lines within REPORT_LINES_MAX, each path within REPORT_PATH_MAX. */
function shortened(lines: TakeoutImportReport['skipped']): TakeoutImportReport['skipped'] {
  const kept = lines.slice(0, REPORT_LINES_MAX).map((line) => ({ ...line, path: cut(line.path, REPORT_PATH_MAX) }));
  const more = lines.length - kept.length;
  if (more === 0) return kept;
  const reason = `And ${more.toLocaleString('en')} more things were left out; the first ${REPORT_LINES_MAX.toLocaleString('en')} are listed.`;
  return [...kept, { path: MANIFEST_NAME, reason }];
}

const isMediaType = (value: unknown): value is MediaType =>
  typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);

/** Where a skipped thing is named in the report: its file, or its place in archive.json. */
const pathOf = (item: ArchiveMedia) => item.path ?? `${MANIFEST_NAME}: media ${item.id}`;

/** An original of the ZIP as it was stored, with the type and name its row keeps. */
interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  fileName: string;
}

export type QueuePreparing = (item: Pick<MediaItemEntity, 'id' | 'type' | 'objectKey'>) => Promise<void>;

/**
 * Runs one takeout import in the media worker (docs/architecture.md "Takeout import"): it reads the ZIP the member
 * uploaded and restores it as that member: albums (through albums), items with their files (stored as uploads are,
 * then prepared by the worker), tags of the people matched by username, and the member's story and memories where
 * empty (through profile). Every item and album it makes is written down in its row as it goes, so a failure
 * takes all of it back; items and albums remember where they came from, so the same ZIP again adds nothing.
 */
@Injectable()
export class TakeoutImporter implements OnApplicationBootstrap {
  private readonly logger = new Logger(TakeoutImporter.name);

  constructor(
    private readonly imports: TakeoutImportRepository,
    private readonly items: MediaItemRepository,
    private readonly tags: TagRepository,
    private readonly calls: TakeoutCalls,
    private readonly familyPart: FamilyPartJobs,
    private readonly jobs: MediaWorkerQueue,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * The ZIP copies of imports a killed worker was running (each as large as its ZIP) go at start. Then imports
   * are taken in a lane of their own, one at a time per worker; the items they bring in are queued for preparing.
   */
  async onApplicationBootstrap(): Promise<void> {
    await removeLeftTempFolders(TAKEOUT_TEMP_PREFIX);
    await this.jobs.open.work<TakeoutImportJob>(TAKEOUT_IMPORT.name, (run) =>
      this.run(run, (item) => this.jobs.prepare(item)),
    );
  }

  async run(job: JobRun<TakeoutImportJob>, queuePreparing: QueuePreparing): Promise<void> {
    const row = await this.imports.row(job.data.importId);
    if (!row || row.status !== 'running' || !row.fileKey) return;
    // A try that was cut off (the worker killed) left what it made: that goes first, so this try starts clean.
    await this.undo(row.userId, row.created);
    const created: CreatedByImport = { media: [], albums: [], memories: [], story: false };
    await this.imports.progress(row.id, 0, 0, created);
    const folder = await makeTempFolder(TAKEOUT_TEMP_PREFIX);
    let zip: CheckedZip | null = null;
    // Before the import is shown ended: once it says done or failed, nothing of it is left on disk.
    const cleanUp = async () => {
      zip?.close();
      zip = null;
      await rm(folder, { recursive: true, force: true });
      await this.familyPart.discard('import', row.id).catch(() => undefined);
    };
    try {
      const path = join(folder, 'upload.zip');
      await pipeline(await this.storage.get(row.fileKey), createWriteStream(path));
      zip = await openCheckedZip(path, takeoutZipLimits(Number.MAX_SAFE_INTEGER));
      const manifest = await readManifest(zip);
      const report = await this.restore(row, zip, folder, manifest, created, queuePreparing);
      await cleanUp();
      await this.imports.finish(row.id, report);
      await this.storage.delete(row.fileKey).catch(() => undefined);
      this.logger.log(`Takeout import ${row.id}: ${report.media} items, ${report.skipped.length} skipped`);
    } catch (error) {
      await this.undo(row.userId, created);
      const refused = error instanceof ZipRefusedError || (error instanceof HttpException && error.getStatus() < 500);
      if (refused || job.lastAttempt) {
        this.logger.error(`Takeout import ${row.id} failed: ${(error as Error)?.stack ?? String(error)}`);
        await cleanUp();
        await this.imports.fail(row.id, refused ? (error as Error).message : UNEXPECTED);
        await this.storage.delete(row.fileKey).catch(() => undefined);
        return;
      }
      await this.imports.progress(row.id, 0, 0, { media: [], albums: [], memories: [], story: false });
      throw error;
    } finally {
      await cleanUp();
    }
  }

  private async restore(
    row: ImportRow,
    zip: CheckedZip,
    folder: string,
    manifest: ArchiveManifest,
    created: CreatedByImport,
    queuePreparing: QueuePreparing,
  ): Promise<TakeoutImportReport> {
    const report: TakeoutImportReport = { media: 0, albums: 0, people: 0, tags: 0, skipped: [] };
    const total = manifest.media.length + manifest.albums.length + 1;
    let done = 0;
    const source = (id: number) => `${manifest.archiveId}:${id}`;

    // People: the exporter is the importing member; everyone else is matched by username.
    const { personOf, memberOf } = await this.people(row, manifest, zip, folder);
    report.people = new Set(
      [...manifest.people, ...manifest.media.flatMap((item) => item.tags ?? [])]
        .map((person) => personOf(person))
        .filter((id): id is number => id !== null && id !== row.userId),
    ).size;

    // Albums, made by the importing member with the members found here: only accounts, since a relative made from
    // the tree cannot sign in to see an album.
    const albumOf = new Map<number, number>();
    for (const album of manifest.albums) {
      // An album keeps its items private, so one whose text is over the album form's limits comes in cut, and says so.
      const name = album.name.trim();
      const description = album.description?.trim() || null;
      if (name.length > ALBUM_NAME_MAX || (description?.length ?? 0) > ALBUM_DESCRIPTION_MAX) {
        report.skipped.push({
          path: `${MANIFEST_NAME}: album ${album.id}`,
          reason: `Its name or description was longer than the album form allows (${ALBUM_NAME_MAX} and ${ALBUM_DESCRIPTION_MAX.toLocaleString('en')} characters), so it was cut there.`,
        });
      }
      const members = (album.members ?? [])
        .map((member) => ({ userId: memberOf(member.person), canEdit: member.canEdit === true }))
        .filter(
          (member): member is { userId: number; canEdit: boolean } =>
            member.userId !== null && member.userId !== row.userId,
        );
      const answer = await this.calls.album({
        createdBy: row.userId,
        source: source(album.id),
        name: cut(name, ALBUM_NAME_MAX) || 'Imported album',
        description: description === null ? null : cut(description, ALBUM_DESCRIPTION_MAX),
        isShared: album.isShared === true,
        members: [...new Map(members.map((member) => [member.userId, member])).values()],
      });
      albumOf.set(album.id, answer.id);
      if (answer.created) {
        created.albums.push(answer.id);
        report.albums++;
      }
      done++;
    }
    await this.imports.progress(row.id, done, total, created);

    // Items: those an earlier import of this archive brought in are left as they are.
    const already = new Set<string>();
    for (const batch of chunks(
      manifest.media.map((item) => source(item.id)),
      5000,
    )) {
      for (const found of await this.imports.importedSources(row.userId, batch)) already.add(found);
    }
    const entries = new Map(zip.entries.map((entry) => [entry.name, entry]));
    for (const item of manifest.media) {
      done++;
      if (!already.has(source(item.id))) {
        const id = await this.restoreItem(row, zip, entries, item, source(item.id), report, queuePreparing, {
          albumId: item.albumId == null ? null : (albumOf.get(item.albumId) ?? null),
          personOf,
        }).catch((error: unknown) => {
          // The database refusing one item's data leaves that item out; anything else (a service away) is retried.
          if (!isDataError(error)) throw error;
          this.logger.warn(`Takeout import ${row.id}, media ${item.id}: ${(error as Error).message}`);
          report.skipped.push({
            path: pathOf(item),
            reason: 'This item could not be stored as it is, so it was left out.',
          });
          return null;
        });
        if (id !== null) {
          created.media.push(id);
          report.media++;
        }
      }
      if (done % PROGRESS_EVERY === 0) await this.imports.progress(row.id, done, total, created);
    }
    await this.imports.progress(row.id, done, total, created);

    // Files the ZIP holds that archive.json does not name are reported, never imported.
    const named = new Set(
      manifest.media.flatMap((item) => [item.path, item.motion?.path]).filter((path): path is string => !!path),
    );
    for (const entry of zip.entries) {
      if (named.has(entry.name) || KNOWN_FILES.has(entry.name)) continue;
      if (KNOWN_FOLDERS.some((folder) => entry.name.startsWith(folder))) continue;
      report.skipped.push({ path: entry.name, reason: 'This file is not listed in archive.json, so it was left out.' });
    }

    // The member's own story and the memories they wrote on their own profile, where theirs are empty.
    const exporter = manifest.people.find((person) => person.id === manifest.exportedBy.id);
    // Text over the profile's limits is left out with a line in the report, as its forms would refuse it.
    const tooLong = (path: string, limits: string) =>
      report.skipped.push({
        path: `${MANIFEST_NAME}: ${path}`,
        reason: `It is longer than the profile keeps (${limits} characters), so it was left out.`,
      });
    const memories = manifest.memories
      .filter((memory) => memory.personId === manifest.exportedBy.id && memory.writer.id === manifest.exportedBy.id)
      .filter((memory) => {
        const fits = memory.title.trim().length <= MEMORY_TITLE_MAX && memory.content.length <= MEMORY_CONTENT_MAX;
        if (!fits)
          tooLong(`memory ${memory.id}`, `title ${MEMORY_TITLE_MAX}, text ${MEMORY_CONTENT_MAX.toLocaleString('en')}`);
        return fits;
      })
      .map((memory) => ({
        title: memory.title.trim() || 'Memory',
        content: memory.content,
        // When it was written stays with it (a date that is not one is left to the profile's "now").
        ...(typeof memory.createdAt === 'string' && !Number.isNaN(Date.parse(memory.createdAt))
          ? { createdAt: new Date(memory.createdAt).toISOString() }
          : {}),
      }));
    let story = exporter?.story?.trim() ? exporter.story : null;
    if (story !== null && story.length > STORY_MAX) {
      tooLong('story', STORY_MAX.toLocaleString('en'));
      story = null;
    }
    await this.calls.restoreProfile(row.userId, story, memories, (answer) => {
      created.story ||= answer.story;
      created.memories.push(...answer.memoryIds);
    });
    await this.imports.progress(row.id, total, total, created);
    return { ...report, skipped: shortened(report.skipped) };
  }

  /**
   * Who a person of the export is here: the importing member for the exporter, else a member with the username,
   * else (when the export holds family.ged) the person the family worker's GEDCOM import matched or made for them;
   * `memberOf` only the first two (accounts).
   */
  private async people(
    row: ImportRow,
    manifest: ArchiveManifest,
    zip: CheckedZip,
    folder: string,
  ): Promise<{
    personOf: (person: PersonName) => number | null;
    memberOf: (person: PersonName) => number | null;
  }> {
    const named = [
      ...manifest.people,
      ...manifest.media.flatMap((item) => item.tags ?? []),
      ...manifest.albums.flatMap((album) => (album.members ?? []).map((member) => member.person)),
    ].filter((person): person is PersonName => !!person && typeof person.id === 'number');
    const usernames = [
      ...new Set(named.map((person) => person.username?.toLowerCase()).filter((name): name is string => !!name)),
    ];
    const byUsername = new Map<string, number>();
    for (const batch of chunks(usernames, 1000)) {
      const ids = await this.calls.membersByUsername(batch);
      batch.forEach((username, index) => {
        const id = ids[index];
        if (id !== null && id !== undefined) byUsername.set(username, id);
      });
    }
    const member = (person: PersonName) =>
      person.id === manifest.exportedBy.id
        ? row.userId
        : person.username
          ? (byUsername.get(person.username.toLowerCase()) ?? null)
          : null;

    // Tagged people without a member here come from the tree (a relative without an account, say).
    const tagged = new Set(manifest.media.flatMap((item) => (item.tags ?? []).map((person) => person?.id)));
    const fromTree = new Map<number, number>();
    const gedcom = zip.entries.find((entry) => entry.name === 'family.ged');
    const wanted = manifest.people.filter((person) => tagged.has(person.id) && member(person) === null);
    if (gedcom && wanted.length > 0) {
      const path = join(folder, 'family.ged');
      await pipeline(await zip.open(gedcom), createWriteStream(path));
      // Members found here are their own records, so the tree's ties reach them rather than a namesake relative.
      const known = new Map<string, number>();
      for (const person of manifest.people) {
        const id = member(person);
        const record = String(person.gedcomXref ?? '').replace(/^@|@$/g, '');
        if (id !== null && /^[^,:@\s]+$/.test(record)) known.set(record, id);
      }
      const records = await this.familyPart.importPeople(row.id, row.userId, path, known);
      for (const person of wanted) {
        const id = records.get(String(person.gedcomXref ?? '').replace(/^@|@$/g, ''));
        if (id !== undefined) fromTree.set(person.id, id);
      }
    }
    return {
      personOf: (person) => (person ? (member(person) ?? fromTree.get(person.id) ?? null) : null),
      memberOf: (person) => (person ? member(person) : null),
    };
  }

  /** One item: its file stored and checked, its row written; null (and a line in the report) when skipped. */
  private async restoreItem(
    row: ImportRow,
    zip: CheckedZip,
    entries: Map<string, ZipEntry>,
    item: ArchiveMedia,
    importSource: string,
    report: TakeoutImportReport,
    queuePreparing: QueuePreparing,
    context: { albumId: number | null; personOf: (person: PersonName) => number | null },
  ): Promise<number | null> {
    const skip = (reason: string) => {
      report.skipped.push({ path: pathOf(item), reason });
      return null;
    };
    if (!isMediaType(item.type)) return skip(`"${item.type}" is not a kind of item this archive keeps.`);
    // The upload form's own checks and sentences (one definition): an item it would refuse is left out, never stored.
    let fields: UploadMediaFields;
    try {
      fields = await validateInput(UploadMediaFields, {
        type: item.type,
        title: item.title.trim() || text(item.originalName) || 'Untitled',
        description: item.description ?? undefined,
        mediaDate: item.mediaDate,
        content: item.content ?? undefined,
        websiteUrl: item.websiteUrl ?? undefined,
      });
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      return skip(`${without(error.message)}: the upload form refuses this, so the item was left out.`);
    }
    let file: StoredFile | null = null;
    if (item.path) {
      const entry = entries.get(item.path);
      if (!entry) return skip('archive.json names this file, but the ZIP does not hold it.');
      const declared: DeclaredFile = {
        fileName: text(item.originalName) ?? item.path.split('/').pop()!,
        mimeType: text(item.contentType) ?? '',
      };
      const stored = await this.storeEntry(zip, entry, declared);
      const discard = async (reason: string) => {
        await this.storage.delete(stored.key).catch(() => undefined);
        return skip(reason);
      };
      if (text(item.sha256) && stored.sha256 !== item.sha256!.toLowerCase()) {
        return discard('Its sha256 does not match archive.json: the file is damaged, so it was left out.');
      }
      const kind = acceptKind(item.type, stored.inspected, declared);
      if (!kind) return discard(refusalMessage(item.type, stored.inspected));
      // A stored file whose row is never written goes again, also when the check fails (the try is retried).
      const owned = await this.imports.ownedSha256s(row.userId, [stored.sha256]).catch(async (error: unknown) => {
        await this.storage.delete(stored.key).catch(() => undefined);
        throw error;
      });
      if (owned.size > 0) {
        return discard('You already have this file in the archive, so it was not added again.');
      }
      file = {
        key: stored.key,
        size: stored.size,
        sha256: stored.sha256,
        contentType: kind.contentType,
        fileName: declared.fileName.slice(0, 255),
      };
    } else if (item.type !== 'post') {
      return skip('archive.json names no file for this item.');
    }
    const stillKey = file?.key;
    const motion =
      stillKey && item.motion
        ? await this.restoreMotion(row, zip, entries, item, item.motion, report).catch(async (error: unknown) => {
            await this.storage.delete(stillKey).catch(() => undefined);
            throw error;
          })
        : null;
    let saved: MediaItemEntity;
    try {
      saved = await this.items.insert({
        userId: row.userId,
        type: item.type,
        title: fields.title,
        description: fields.description ?? null,
        mediaDate: fields.mediaDate ?? localToday(),
        dateGiven: fields.mediaDate !== undefined,
        albumId: context.albumId,
        websiteUrl: item.type === 'post' ? (fields.websiteUrl ?? null) : null,
        content: item.type === 'post' ? (fields.content ?? null) : null,
        objectKey: file?.key ?? null,
        contentType: file?.contentType ?? null,
        fileName: file?.fileName ?? null,
        fileSize: file?.size ?? null,
        sha256: file?.sha256 ?? null,
        processing: needsPreparing({ type: item.type, objectKey: file?.key ?? null }) ? 'pending' : 'ready',
        processingError: null,
        width: null,
        height: null,
        durationSeconds: null,
        playbackType: null,
        preparedAt: null,
        thumbnailReady: false,
        importSource,
        // A Live Photo comes back whole: its MOV the second original, the playable motion made by the worker.
        ...(motion && {
          motionObjectKey: motion.key,
          motionContentType: motion.contentType,
          motionFileName: motion.fileName,
          motionFileSize: motion.size,
          motionSha256: motion.sha256,
        }),
      });
    } catch (error) {
      if (file) await this.storage.delete(file.key).catch(() => undefined);
      if (motion) await this.storage.delete(motion.key).catch(() => undefined);
      if (error instanceof DuplicateUploadError) {
        return skip('You already have this file in the archive, so it was not added again.');
      }
      throw error;
    }
    for (const person of item.tags ?? []) {
      const id = context.personOf(person);
      if (id === null) {
        report.skipped.push({
          path: pathOf(item),
          reason: `${person.displayName} is not a member of this archive, so was not tagged.`,
        });
      } else if (await this.tags.addTag(saved.id, id)) {
        report.tags++;
      }
    }
    await queuePreparing(saved).catch((error: Error) =>
      this.logger.warn(`Media item ${saved.id} waits for the backfill: ${error.message}`),
    );
    return saved.id;
  }

  /**
   * A Live Photo's MOV, stored and checked as its still is; a photo whose MOV is missing, damaged or not a video
   * comes in without it, with a line in the report.
   */
  private async restoreMotion(
    row: ImportRow,
    zip: CheckedZip,
    entries: Map<string, ZipEntry>,
    item: ArchiveMedia,
    motion: ArchiveMotion,
    report: TakeoutImportReport,
  ): Promise<StoredFile | null> {
    const leftOut = (reason: string) => {
      report.skipped.push({ path: motion.path, reason: `${reason} The photo came in without its motion.` });
      return null;
    };
    if (item.type !== 'photo') return leftOut('Only a photo carries the motion of a Live Photo.');
    const entry = entries.get(motion.path);
    if (!entry) return leftOut('archive.json names this file, but the ZIP does not hold it.');
    const declared: DeclaredFile = {
      fileName: text(motion.originalName) ?? motion.path.split('/').pop()!,
      mimeType: text(motion.contentType) ?? '',
    };
    const stored = await this.storeEntry(zip, entry, declared);
    const discard = async (reason: string) => {
      await this.storage.delete(stored.key).catch(() => undefined);
      return leftOut(reason);
    };
    if (stored.sha256 !== motion.sha256.toLowerCase()) {
      return discard('Its sha256 does not match archive.json: the file is damaged.');
    }
    const kind = acceptKind('video', stored.inspected, declared);
    if (!kind) return discard(refusalMessage('video', stored.inspected));
    const owned = await this.imports.ownedSha256s(row.userId, [stored.sha256]).catch(async (error: unknown) => {
      await this.storage.delete(stored.key).catch(() => undefined);
      throw error;
    });
    if (owned.size > 0) return discard('You already have this file in the archive, so it was not added again.');
    return {
      key: stored.key,
      size: stored.size,
      sha256: stored.sha256,
      contentType: kind.contentType,
      fileName: declared.fileName.slice(0, 255),
    };
  }

  /**
   * An entry's bytes into storage as an upload's are. A read that fails half-way (damaged data, a size that lies)
   * fails the whole import with a sentence naming the file, since the ZIP cannot be trusted further.
   */
  private async storeEntry(zip: CheckedZip, entry: ZipEntry, declared: DeclaredFile) {
    const source = await zip.open(entry);
    let readError: Error | null = null;
    source.on('error', (error: Error) => (readError = error));
    try {
      return await storeUpload(this.storage, newMediaKey(), source, {
        maxBytes: MAX_FILE_BYTES,
        tooLargeMessage: 'This file is too large.',
        headBytes: SNIFF_BYTES,
        inspect: (head) => sniffKind(head, declared),
      });
    } catch (error) {
      if (readError) {
        throw new ZipRefusedError(
          `The ZIP is damaged at "${entry.name}" (${(readError as Error).message}); nothing was kept. Export the archive again.`,
        );
      }
      throw error;
    }
  }

  /** Takes back what an import made: its items with their files, its albums, the story and memories it wrote. */
  private async undo(userId: number, created: CreatedByImport): Promise<void> {
    try {
      for (const batch of chunks(created.media, 1000)) {
        const keys = (await this.imports.objectKeysOf(batch)).flatMap((item) => [
          ...(item.objectKey ? [item.objectKey] : []),
          ...(item.motionObjectKey ? [item.motionObjectKey] : []),
          ...allDerivativeKeys(item.id),
        ]);
        await this.items.deleteMany(batch);
        for (const key of keys) await this.storage.delete(key).catch(() => undefined);
      }
      await this.calls.deleteAlbums(created.albums);
      await this.calls.undoProfile(userId, created.story, created.memories);
    } catch (error) {
      this.logger.error(`Could not take back a failed import: ${(error as Error).message}`);
      throw error;
    }
  }
}
