import { Inject, Injectable } from '@nestjs/common';
import type { ObjectStorage } from '@family/shared/storage';
import { MEDIA_STORAGE, type TakeoutHooks } from '../media-kit';
import { ExportRepository } from './export/export.repository';
import { TakeoutImportRepository } from './import/takeout-import.repository';
import { mediaPath } from './takeout-names';

/** Takeout's part of media's own routes (TakeoutHooks): an account purge, and the ZIP paths family.ged links. */
@Injectable()
export class MediaTakeoutHooks implements TakeoutHooks {
  constructor(
    private readonly imports: TakeoutImportRepository,
    private readonly exports: ExportRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  readonly mediaPath = mediaPath;

  async purgeUser(userId: number): Promise<void> {
    // Files before rows, as for items: a retry finds what a failure left.
    for (const key of await this.imports.fileKeysOf(userId)) await this.storage.delete(key);
    await this.imports.deleteOfUser(userId);
    // An export running now finds its row gone and throws its ZIP away (docs/api.md "Takeout").
    for (const key of await this.exports.fileKeysOf(userId)) await this.storage.delete(key);
    await this.exports.deleteOfUser(userId);
  }
}
