import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import pLimit from 'p-limit';
import type { ObjectStorage } from '@family/shared/storage';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { DERIVATIVE_TYPE } from '../processing/derive';
import { makeThumbnail, thumbnailAtUpload } from '../processing/upload-thumbnail';
import { ProcessingRepository } from '../repositories/processing.repository';
import { derivativeKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';

/** Thumbnails made at once per process: uploads stay quick on a small server while many arrive together. */
const AT_ONCE = 2;

/**
 * Makes a new photo's thumbnail during its upload (docs/architecture.md "Media worker"), at the key the worker
 * uses, and records that it exists. Any trouble is only logged: the worker makes the thumbnail later.
 */
@Injectable()
export class UploadThumbnailer {
  private readonly logger = new Logger(UploadThumbnailer.name);
  private readonly limit = pLimit(AT_ONCE);

  constructor(
    private readonly processing: ProcessingRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** True when the item now has its thumbnail. */
  async make(item: MediaItemEntity): Promise<boolean> {
    if (!item.objectKey || !item.contentType || item.fileSize === null) return false;
    if (!thumbnailAtUpload(item.contentType, item.fileSize)) return false;
    try {
      return await this.limit(() => this.store(item.id, item.objectKey!));
    } catch (error) {
      this.logger.warn(`Media item ${item.id}: no thumbnail at upload, the worker makes it: ${String(error)}`);
      return false;
    }
  }

  private async store(mediaId: number, objectKey: string): Promise<boolean> {
    // Read back from storage, as the worker does; sharp takes the whole file in memory either way.
    const thumbnail = await makeThumbnail(await buffer(await this.storage.get(objectKey)));
    const key = derivativeKey(mediaId, 'thumbnail');
    await this.storage.put(key, Readable.from([thumbnail]), { contentType: DERIVATIVE_TYPE });
    if (await this.processing.markThumbnailReady(mediaId)) return true;
    await this.storage.delete(key); // the item was deleted meanwhile
    return false;
  }
}
