import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import pLimit from 'p-limit';
import type { ObjectStorage } from '@family/shared/storage';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { deriveFullSize } from '../processing/derive';
import { derivativeKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';

export const FULL_SIZE_TYPE = 'image/jpeg';
/** Full-size pictures made at once per media process: a 100-megapixel scan takes a core and half a GB for seconds. */
const AT_ONCE = 1;

/**
 * "View full size" of a photo browsers cannot show (docs/architecture.md "Full size"): a full-resolution JPEG made
 * from the original the first time someone asks, then kept beside the other derivatives, so only the photos
 * people open full size take the room. Two asking at once wait for the same one.
 */
@Injectable()
export class FullSizeRenderer {
  private readonly logger = new Logger(FullSizeRenderer.name);
  private readonly limit = pLimit(AT_ONCE);
  private readonly making = new Map<number, Promise<void>>();

  constructor(@Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage) {}

  /** Makes the item's full-size JPEG unless it is stored already. Throws MediaProcessingError for a damaged file. */
  async ensure(item: MediaItemEntity): Promise<void> {
    if (await this.storage.stat(derivativeKey(item.id, 'full-size'))) return;
    let making = this.making.get(item.id);
    if (!making) {
      making = this.limit(() => this.make(item)).finally(() => this.making.delete(item.id));
      this.making.set(item.id, making);
    }
    await making;
  }

  private async make(item: MediaItemEntity): Promise<void> {
    const started = Date.now();
    // Named like the worker's work folders, so a worker on this machine clears one a killed process left.
    const dir = await mkdtemp(join(tmpdir(), `family-media-${process.pid}-full-size-`));
    try {
      const original = join(dir, 'original');
      await pipeline(await this.storage.get(item.objectKey!), createWriteStream(original));
      const picture = await deriveFullSize(original, item.contentType!, join(dir, 'full-size.jpg'));
      const key = derivativeKey(item.id, 'full-size');
      await this.storage.put(key, createReadStream(picture.path), { contentType: FULL_SIZE_TYPE });
      this.logger.log(
        `Made the full-size picture of media item ${item.id} (${picture.width}×${picture.height}) in ${Date.now() - started} ms`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
