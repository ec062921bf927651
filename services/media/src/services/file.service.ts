import { pipeline } from 'node:stream';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import sharp from 'sharp';
import type { FileToSend, Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { hasPreview } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { contentDisposition, extensionFor, isInlineType } from '../http/content-disposition';
import { MediaAccessFactory } from './media-access.service';
import { thumbnailKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';

/** About 480 px on the long side: sharp enough for a grid card on a phone, small enough for a slow line. */
export const THUMBNAIL_SIZE = 480;
/** Decoding a big photo takes memory: only this many thumbnails are made at once. */
const MAX_PARALLEL_THUMBNAILS = 2;
// A file's bytes never change under its id, but who may see it can: keep it in this browser only, and
// revalidate (cheaply, with the ETag) after a day.
const CACHE_CONTROL = 'private, max-age=86400';

/** GET /api/media/{id}/file and /thumbnail, both only for people who may see the item. */
@Injectable()
export class FileService {
  private readonly logger = new Logger(FileService.name);
  /** Thumbnails being made right now, so two requests for the same one make it once. */
  private readonly making = new Map<number, Promise<void>>();
  private readonly queue = new Semaphore(MAX_PARALLEL_THUMBNAILS);

  constructor(
    private readonly access: MediaAccessFactory,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The item's original; `download` asks for an attachment even for kinds a browser could show. */
  async file(user: Identity, id: number, download: boolean): Promise<FileToSend> {
    const item = await this.access.for(user.id).visibleItem(id);
    if (!item.objectKey || !item.contentType || item.fileSize === null) {
      throw new NotFoundException('This item has no file.');
    }
    const inline = !download && isInlineType(item.contentType);
    return {
      storage: this.storage,
      key: item.objectKey,
      size: item.fileSize,
      etag: `"${item.sha256}"`,
      contentType: item.contentType,
      cacheControl: CACHE_CONTROL,
      contentDisposition: contentDisposition(
        inline ? 'inline' : 'attachment',
        item.fileName,
        `media-${item.id}`,
        extensionFor(item.contentType),
      ),
    };
  }

  /** The item's WebP thumbnail, made on the first request for it. */
  async thumbnail(user: Identity, id: number): Promise<FileToSend> {
    const item = await this.access.for(user.id).visibleItem(id);
    if (!hasPreview(item)) throw new NotFoundException('This item has no preview.');
    const key = thumbnailKey(item.id);
    let stored = await this.storage.stat(key);
    if (!stored) {
      await this.makeThumbnail(item);
      stored = await this.storage.stat(key);
      if (!stored) throw new NotFoundException('No preview can be made for this item.');
    }
    return {
      storage: this.storage,
      key,
      size: stored.size,
      // The thumbnail follows from the original's bytes, so the original's hash names it.
      etag: `"${item.sha256}-w${THUMBNAIL_SIZE}"`,
      contentType: 'image/webp',
      cacheControl: CACHE_CONTROL,
      contentDisposition: contentDisposition('inline', item.fileName, `media-${item.id}`, 'webp'),
    };
  }

  /** Made on first request and kept in storage; later requests stream the kept one. */
  private makeThumbnail(item: MediaItemEntity): Promise<void> {
    let pending = this.making.get(item.id);
    if (!pending) {
      pending = this.queue.run(() => this.render(item)).finally(() => this.making.delete(item.id));
      this.making.set(item.id, pending);
    }
    return pending;
  }

  private async render(item: MediaItemEntity): Promise<void> {
    const source = await this.storage.get(item.objectKey!);
    const resize = sharp({ failOn: 'truncated' })
      .rotate() // EXIF orientation: a portrait phone photo stays upright
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 });
    pipeline(source, resize, () => undefined);
    try {
      await this.storage.put(thumbnailKey(item.id), resize, { contentType: 'image/webp' });
    } catch (error) {
      // A picture sharp cannot read (HEIC from some phones, a damaged file): the card shows a placeholder.
      this.logger.warn(`No thumbnail for media item ${item.id}: ${(error as Error).message}`);
    }
  }
}

/** Runs at most `limit` tasks at once; the rest wait their turn. */
class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    // A finishing task hands its slot straight to the next one waiting.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
