import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ArchiveManifest } from '@family/contract';
import type { ObjectStorage } from '@family/shared/storage';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { derivativeKey } from '../services/object-keys';
import { mediaPath, picturePath, postPath, thumbnailPath } from '../takeout/takeout-names';
import { indexHtml } from './takeout-index-html';
import { postMarkdown, type TakeoutContent } from './takeout-manifest';

/** How the ZIP reaches what it packs: storage for the files, profile for the pictures. */
export interface TakeoutZipSources {
  storage: ObjectStorage;
  picture(personId: number): Promise<Buffer | null>;
  /** Called as items are packed, every few items (not per byte). */
  progress(done: number): void;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The export's ZIP as a stream (docs/api.md "Takeout"): entries are added lazily, so yazl opens each file only
 * when its turn comes and only one is read at a time; nothing but the list of entries is held in memory. yazl
 * marks every name as UTF-8 and switches an entry and the directory to ZIP64 by itself past 4 GB.
 * SHA256SUMS comes last: its lines are those of the originals (their sha256 known since upload) and of what was
 * hashed on the way through.
 */
export function takeoutZip(
  content: TakeoutContent,
  manifest: ArchiveManifest,
  gedcom: string,
  sources: TakeoutZipSources,
): Readable {
  const zip = new ZipFile();
  const sums: Array<[path: string, hex: string]> = [];
  const mtime = content.exportedAt;
  const addText = (path: string, text: string, summed: boolean) => {
    const data = Buffer.from(text, 'utf8');
    if (summed) sums.push([path, sha256(data)]);
    zip.addBuffer(data, path, { mtime, compress: true });
  };
  const output = new PassThrough();
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);

  addText('archive.json', JSON.stringify(manifest, null, 2), true);
  addText('family.ged', gedcom, true);
  addText('index.html', indexHtml(manifest, content.exportedBy), false);

  for (const person of manifest.people) {
    if (!person.picturePath) continue;
    const path = picturePath(person);
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

  const byId = new Map(content.media.map((item) => [item.id, item]));
  let packed = 0;
  for (const entry of manifest.media) {
    const item = byId.get(entry.id) as MediaItemEntity;
    if (entry.type === 'post') addText(postPath(item), postMarkdown(entry), false);
    if (!item.objectKey || !entry.path) {
      packed += 1;
      continue;
    }
    const path = mediaPath(item);
    if (item.sha256) sums.push([path, item.sha256]);
    zip.addReadStreamLazy(
      path,
      { mtime: new Date(item.createdAt), compress: false, size: item.fileSize ?? undefined },
      (callback) => {
        packed += 1;
        if (packed % 10 === 0) sources.progress(packed);
        sources.storage
          .get(item.objectKey!)
          .then((stream) => callback(null, stream))
          .catch((error: Error) => callback(error, undefined as never));
      },
    );
  }
  for (const entry of manifest.media) {
    if (!entry.thumbnailPath) continue;
    zip.addReadStreamLazy(thumbnailPath(entry.id), { mtime, compress: false }, (callback) => {
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
