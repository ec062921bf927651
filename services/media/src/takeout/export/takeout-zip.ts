import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ArchiveManifest } from '@family/contract';
import type { ObjectStorage } from '@family/shared/storage';
import { derivativeKey } from '../../media-kit';
import { postPath } from '../takeout-names';
import { indexHtml } from './takeout-index-html';
import { postMarkdown } from './manifest-writer';

/** How the ZIP reaches what it packs: storage for the files, profile for the pictures. */
export interface TakeoutZipSources {
  storage: ObjectStorage;
  picture(personId: number): Promise<Buffer | null>;
  /** Called as items are packed, every few items (not per byte). */
  progress(done: number): void;
}

type LazyCallback = (error: Error | null, stream: Readable) => void;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What the ZIP packs beside the manifest: the originals' keys in storage, and family.ged. */
export interface TakeoutZipContent {
  manifest: ArchiveManifest;
  /** Storage key of each item's original, by item id. */
  objectKeys: Map<number, string>;
  /** Storage key of a Live Photo's MOV, by item id. */
  motionKeys: Map<number, string>;
  gedcom: Buffer;
  exportedBy: number;
  exportedAt: Date;
}

/**
 * The export's ZIP as a stream (docs/api.md "Takeout"): entries are added lazily, so yazl opens each file only
 * when its turn comes and only one is read at a time; nothing but the list of entries is held in memory, and a
 * text entry's bytes are let go once written. yazl marks every name as UTF-8 and switches an entry and the
 * directory to ZIP64 by itself past 4 GB (each original's size is given). SHA256SUMS comes last: its lines are
 * those of the originals (their sha256 known since upload) and of what was hashed on the way through.
 */
export function takeoutZip(content: TakeoutZipContent, sources: TakeoutZipSources): Readable {
  const { manifest, objectKeys, motionKeys } = content;
  const zip = new ZipFile();
  const sums: Array<[path: string, hex: string]> = [];
  const mtime = content.exportedAt;
  const addBytes = (path: string, bytes: Buffer, summed: boolean) => {
    let held: Buffer | null = bytes;
    if (summed) sums.push([path, sha256(bytes)]);
    zip.addReadStreamLazy(path, { mtime, compress: true }, (callback) => {
      const data = held!;
      held = null;
      callback(null, Readable.from([data]));
    });
  };
  const output = new PassThrough();
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);

  addBytes('archive.json', Buffer.from(JSON.stringify(manifest), 'utf8'), true);
  addBytes('family.ged', content.gedcom, true);
  addBytes('index.html', Buffer.from(indexHtml(manifest, content.exportedBy), 'utf8'), false);

  for (const person of manifest.people) {
    if (!person.picturePath) continue;
    const path = person.picturePath;
    zip.addReadStreamLazy(path, { mtime, compress: false }, (callback) => {
      sources
        .picture(person.id)
        .then((data) => {
          const bytes = data ?? Buffer.alloc(0);
          sums.push([path, sha256(bytes)]);
          callback(null, Readable.from([bytes]));
        })
        .catch((error: Error) => callback(error, undefined as never));
    });
  }

  let packed = 0;
  for (const entry of manifest.media) {
    if (entry.type === 'post') addBytes(postPath(entry), Buffer.from(postMarkdown(entry), 'utf8'), false);
    const key = objectKeys.get(entry.id);
    if (!key || !entry.path) {
      packed += 1;
      continue;
    }
    if (entry.sha256) sums.push([entry.path, entry.sha256]);
    const created = new Date(entry.createdAt);
    const fromStorage = (storageKey: string, counted: boolean) => (callback: LazyCallback) => {
      if (counted) {
        packed += 1;
        if (packed % 10 === 0) sources.progress(packed);
      }
      sources.storage
        .get(storageKey)
        .then((stream) => callback(null, stream))
        .catch((error: Error) => callback(error, undefined as never));
    };
    zip.addReadStreamLazy(
      entry.path,
      { mtime: created, compress: false, size: entry.sizeBytes ?? undefined },
      fromStorage(key, true),
    );
    // A Live Photo's MOV right after its still (docs/api.md "Takeout").
    const motionKey = motionKeys.get(entry.id);
    if (entry.motion && motionKey) {
      sums.push([entry.motion.path, entry.motion.sha256]);
      zip.addReadStreamLazy(
        entry.motion.path,
        { mtime: created, compress: false, size: entry.motion.sizeBytes ?? undefined },
        fromStorage(motionKey, false),
      );
    }
  }
  for (const entry of manifest.media) {
    if (!entry.thumbnailPath) continue;
    zip.addReadStreamLazy(entry.thumbnailPath, { mtime, compress: false }, (callback) => {
      sources.storage
        .get(derivativeKey(entry.id, 'thumbnail'))
        .then((stream) => callback(null, stream))
        .catch((error: Error) => callback(error, undefined as never));
    });
  }
  // Its turn comes after every other entry is written, so every digest is known by then.
  zip.addReadStreamLazy('SHA256SUMS', { mtime, compress: true }, (callback) => {
    const lines = sums
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, hex]) => `${hex}  ${path}\n`)
      .join('');
    callback(null, Readable.from([Buffer.from(lines, 'utf8')]));
  });
  zip.end();
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);
  return output;
}
