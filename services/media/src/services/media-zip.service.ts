import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { ZipFile } from 'yazl';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { extensionFor } from '../http/content-disposition';
import { BulkMediaService } from './bulk-media.service';
import { MEDIA_STORAGE } from './storage.provider';

export const NO_FILE_REASON = 'no file (a post with text only)';
/** Longest title kept in an entry's name: the date, id and extension always fit. */
const TITLE_MAX = 100;

/** A ZIP being written as it is read, and the name to offer it under. */
export interface ZipDownload {
  stream: Readable;
  fileName: string;
  entries: number;
}

/**
 * POST /api/media/download (docs/api.md "Select many"): the originals of the items one sees, as one ZIP written
 * while it is sent. Each file is opened only when its turn comes (addReadStreamLazy) and stored as is: photos
 * and videos are compressed already, and stored entries stream at disk speed. Items one may not see, and posts
 * without a file, are listed by id in `skipped.txt`.
 */
@Injectable()
export class MediaZipService {
  private readonly logger = new Logger(MediaZipService.name);

  constructor(
    private readonly bulk: BulkMediaService,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async download(user: Identity, ids: number[]): Promise<ZipDownload> {
    const { items, skipped } = await this.bulk.visible(user, ids);
    const zip = new ZipFile();
    let entries = 0;
    for (const item of items) {
      if (!item.objectKey) {
        skipped.push({ id: item.id, reason: NO_FILE_REASON });
        continue;
      }
      const add = (name: string, key: string, size: number | null) =>
        zip.addReadStreamLazy(name, { mtime: entryTime(item), compress: false, size: size ?? undefined }, (done) => {
          this.storage.get(key).then(
            (stream) => done(null, stream),
            (error: Error) => {
              this.logger.error(`The ZIP download could not read media item ${item.id}`, error.stack);
              done(error, undefined as unknown as Readable);
            },
          );
        });
      add(zipEntryName(item), item.objectKey, item.fileSize);
      // A Live Photo's MOV beside its still, under the same name, as a phone exports the pair.
      if (item.motionObjectKey) {
        const motion = { ...item, fileName: item.motionFileName, contentType: item.motionContentType };
        add(zipEntryName(motion), item.motionObjectKey, item.motionFileSize);
      }
      entries++;
    }
    if (skipped.length > 0) {
      const asked = new Map(ids.map((id, index) => [id, index]));
      const lines = skipped
        .sort((a, b) => asked.get(a.id)! - asked.get(b.id)!)
        .map((skip) => `${skip.id}: ${skip.reason}`);
      zip.addBuffer(Buffer.from(`Left out of this download:\n${lines.join('\n')}\n`, 'utf8'), 'skipped.txt');
    }
    zip.end();
    return {
      stream: zip.outputStream as Readable,
      fileName: `Family Archive ${new Date().toISOString().slice(0, 10)}.zip`,
      entries,
    };
  }
}

/** `<date> <title> (<id>).<ext>`, with nothing a file system refuses or reads as a folder. */
export function zipEntryName(
  item: Pick<MediaItemEntity, 'id' | 'title' | 'mediaDate' | 'fileName' | 'contentType'>,
): string {
  const title =
    [...item.title.normalize('NFC')]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || '/\\:*?"<>|'.includes(c) ? ' ' : c))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      // A name ending in dots or spaces is refused by Windows.
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, TITLE_MAX)
      .trim() || 'Untitled';
  return `${item.mediaDate} ${title} (${item.id}).${entryExtension(item)}`;
}

function entryExtension(item: Pick<MediaItemEntity, 'fileName' | 'contentType'>): string {
  const own = /\.([a-z0-9]{1,10})$/i.exec(item.fileName ?? '')?.[1];
  if (own) return own.toLowerCase();
  return extensionFor(item.contentType) ?? 'bin';
}

/** The item's date at noon UTC: the ZIP's own time field has no zone, and noon keeps the day in any of them. */
function entryTime(item: Pick<MediaItemEntity, 'mediaDate'>): Date {
  const date = new Date(`${item.mediaDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1980 ? new Date('1980-01-01T12:00:00Z') : date;
}
