import type { IncomingMessage } from 'node:http';
import { BadRequestException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { MEDIA_TYPES, type MediaExistsResponse, type MediaItem, type MediaType } from '@family/contract';
import { type Identity, localToday } from '@family/shared';
import { validateInput } from '@family/shared/nest';
import type { ObjectStorage } from '@family/shared/storage';
import { needsPreparing } from '../dtos/media.dto';
import { type MediaExistsDto, UploadMediaFields } from '../dtos/upload.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { DuplicateUploadError, MediaItemRepository } from '../repositories/media-item.repository';
import { TagRepository } from '../repositories/tag.repository';
import { LivePhotoPairing } from '../motion/live-photo-pairing';
import { acceptKind, refusalMessage } from '../processing/sniff';
import { requireAlbumToUploadInto } from './album-items';
import { MediaAccessFactory } from './media-access.service';
import { MediaJobs } from './media-jobs';
import { MediaPresenter } from './media-presenter';
import { newMediaKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';
import { MEDIA_CONFIG } from './tokens';
import { UploadThumbnailer } from './upload-thumbnailer';
import type { MediaConfig } from '../config';
import { type ReceivedFile, receiveUpload } from './upload-receiver';

function isMediaType(value: unknown): value is MediaType {
  return typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);
}

/**
 * POST /api/media: the file streams into storage first; the row is written only once it is safely there. A photo
 * sharp reads directly gets its thumbnail before the answer (docs/architecture.md "Media worker").
 */
@Injectable()
export class UploadService {
  private readonly logger = new Logger(UploadService.name);

  constructor(
    private readonly items: MediaItemRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly jobs: MediaJobs,
    private readonly thumbnailer: UploadThumbnailer,
    private readonly tags: TagRepository,
    private readonly livePhotos: LivePhotoPairing,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  async upload(user: Identity, req: IncomingMessage): Promise<MediaItem> {
    const received = await receiveUpload(req, {
      storage: this.storage,
      maxMegabytes: this.config.MAX_UPLOAD_MB,
      newKey: () => newMediaKey(),
      // When the type came before the file, a file of the wrong kind is refused before it is read to its end.
      onSniffed: (sniffed, declared, fieldsSoFar) => {
        const type = fieldsSoFar.get('type')?.trim();
        if (isMediaType(type) && !acceptKind(type, sniffed, declared)) {
          throw new UnsupportedMediaTypeException(refusalMessage(type, sniffed));
        }
      },
    });

    let file: ReceivedFile | null = received.file;
    if (file && file.size === 0) {
      // An empty file is no file.
      await this.storage.delete(file.key);
      file = null;
    }
    try {
      return await this.save(user, received.fields, file);
    } catch (error) {
      // The object is stored but will never have a row: remove it.
      if (file) await this.storage.delete(file.key).catch((e: unknown) => this.logger.error(String(e)));
      throw error;
    }
  }

  /**
   * POST /api/media/exists: which of these files the member has uploaded already, so a client skips them. Only
   * the member's own uploads count (the dedupe is per uploader); those in the trash are marked, as uploading them
   * again is refused.
   */
  async existing(user: Identity, dto: MediaExistsDto): Promise<MediaExistsResponse> {
    const asked = [...new Set(dto.sha256)];
    const found = new Map((await this.items.findManyBySha256(user.id, asked)).map((row) => [row.sha256, row]));
    return {
      items: asked.flatMap((sha256) => {
        const row = found.get(sha256);
        if (!row) return [];
        return [row.inTrash ? { sha256, mediaId: row.id, inTrash: true as const } : { sha256, mediaId: row.id }];
      }),
    };
  }

  /**
   * The item of an upload whose file is in storage already (POST /api/media, and a finished resumable upload):
   * the fields checked, the kind taken from the sniffed bytes, the album's rights and the uploader's duplicates
   * checked, the row written with the people to tag, and the preparing queued. Throws DuplicateUploadError for
   * bytes the uploader has already; the caller removes the stored file when this throws.
   */
  async save(
    user: Identity,
    formFields: ReadonlyMap<string, string>,
    file: ReceivedFile | null,
    taggedUserIds: readonly number[] = [],
  ): Promise<MediaItem> {
    const fields = await validateInput(UploadMediaFields, Object.fromEntries(formFields));
    const { type } = fields;
    if (type !== 'post' && !file) throw new BadRequestException('Please select a file to upload');

    const kind = file ? acceptKind(type, file.sniffed, file.declared) : null;
    if (file && !kind) throw new UnsupportedMediaTypeException(refusalMessage(type, file.sniffed));

    const albumId = fields.albumId === undefined ? null : await this.editableAlbum(user, fields.albumId);

    if (file) {
      const existing = await this.items.findBySha256(user.id, file.sha256);
      if (existing !== null) throw new DuplicateUploadError(existing.id, existing.inTrash);
    }

    // A Live Photo's second half joins the first's item (its id answered), else a new item is written.
    const item = await this.livePhotos.insert({
      userId: user.id,
      type,
      title: fields.title,
      description: fields.description ?? null,
      // Without a date from the uploader, the upload day until the worker reads the recording date.
      mediaDate: fields.mediaDate ?? localToday(),
      dateGiven: fields.mediaDate !== undefined,
      albumId,
      websiteUrl: type === 'post' ? (fields.websiteUrl ?? null) : null,
      content: type === 'post' ? (fields.content ?? null) : null,
      objectKey: file?.key ?? null,
      contentType: kind?.contentType ?? null,
      fileName: file ? file.declared.fileName.slice(0, 255) : null,
      fileSize: file?.size ?? null,
      sha256: file?.sha256 ?? null,
      processing: needsPreparing({ type, objectKey: file?.key ?? null }) ? 'pending' : 'ready',
      processingError: null,
      width: null,
      height: null,
      durationSeconds: null,
      playbackType: null,
      preparedAt: null,
      thumbnailReady: false,
      importSource: null,
    });
    // The uploader may edit their own item, so tagging anyone is theirs to do (docs/rights.md "Media rights").
    for (const userId of taggedUserIds) await this.tags.addTag(item.id, userId);
    // The thumbnail first, so the worker's own (made from the same original) is the one written last.
    if (await this.thumbnailer.make(item)) item.thumbnailReady = true;
    await this.queuePreparing(item);
    return this.presenter.item(item);
  }

  /**
   * The worker prepares the item; should the queue be away for a moment, the item stays pending and the worker's
   * backfill queues it later, so the upload itself still succeeds.
   */
  private async queuePreparing(item: MediaItemEntity): Promise<void> {
    try {
      await this.jobs.prepare(item);
    } catch (error) {
      this.logger.warn(`Media item ${item.id} waits for the backfill: ${(error as Error).message}`);
    }
  }

  /** Only an album the uploader created or may edit (asked of the albums service once). */
  private async editableAlbum(user: Identity, albumId: number): Promise<number> {
    await requireAlbumToUploadInto(this.access.for(user.id), albumId);
    return albumId;
  }
}
