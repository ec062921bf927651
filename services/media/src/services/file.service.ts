import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FileToSend, Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { hasPictures, isRecording, thumbnailShown } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { contentDisposition, extensionFor, isInlineType } from '../http/content-disposition';
import { photoShowsInBrowser } from '../processing/browser-support';
import { DERIVATIVE_TYPE } from '../processing/derive';
import { MediaProcessingError } from '../processing/processing-error';
import { FULL_SIZE_TYPE, FullSizeRenderer } from './full-size-renderer';
import { MediaAccessFactory } from './media-access.service';
import { type Derivative, derivativeKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';

// A file's bytes never change under its id, but who may see it can: keep it in this browser only, and
// revalidate (cheaply, with the ETag) after a day.
const CACHE_CONTROL = 'private, max-age=86400';
export const STILL_PREPARING = 'This item is still being prepared. Try again in a moment.';

/**
 * GET /api/media/{id}/file, /thumbnail, /preview and /playback, all only for people who may see the item. The
 * pictures and playback files are made by the media worker (docs/architecture.md "Media worker"); until then
 * these answer 409 with a sentence, except a thumbnail the upload made already.
 */
@Injectable()
export class FileService {
  constructor(
    private readonly access: MediaAccessFactory,
    private readonly fullSizeRenderer: FullSizeRenderer,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * The item's original; `download` asks for an attachment under its original name, whatever the kind. `motion`
   * asks for a Live Photo's second original, its MOV.
   */
  async file(user: Identity, id: number, download: boolean, part: 'still' | 'motion' = 'still'): Promise<FileToSend> {
    const item = await this.access.for(user.id).visibleItem(id);
    if (part === 'motion') {
      if (!item.motionObjectKey) throw new NotFoundException('This item has no motion file of its own.');
      return this.motionOriginal(item, download);
    }
    if (!item.objectKey || !item.contentType || item.fileSize === null) {
      throw new NotFoundException('This item has no file.');
    }
    return this.original(item, download);
  }

  /** The playable motion (H.264 MP4) of a Motion Photo or a Live Photo, once the worker made it. */
  async motion(user: Identity, id: number): Promise<FileToSend> {
    const item = await this.readyItem(user, id, hasPictures, 'This item has no motion.');
    if (!item.motionType) throw new NotFoundException('This item has no motion.');
    return this.derivative(item, 'motion', item.motionType, 'mp4');
  }

  /**
   * "View full size": the original of a photo browsers show; otherwise a full-resolution JPEG, made the first time
   * it is asked for and kept (docs/architecture.md "Full size").
   */
  async fullSize(user: Identity, id: number): Promise<FileToSend> {
    const item = await this.access.for(user.id).visibleItem(id);
    if (!item.objectKey || !item.contentType?.startsWith('image/') || !hasPictures(item)) {
      throw new NotFoundException('Only photos have a full size.');
    }
    if (photoShowsInBrowser(item.contentType)) return this.original(item, false);
    this.ready(item, hasPictures, 'Only photos have a full size.');
    try {
      await this.fullSizeRenderer.ensure(item);
    } catch (error) {
      if (error instanceof MediaProcessingError) throw new ConflictException(error.message);
      throw error;
    }
    return this.derivative(item, 'full-size', FULL_SIZE_TYPE, 'jpg');
  }

  /** The WebP thumbnail (480 px) of a photo, a post's image or a video's poster frame. */
  async thumbnail(user: Identity, id: number): Promise<FileToSend> {
    return this.thumbnailOf(await this.access.for(user.id).visibleItem(id));
  }

  /** The thumbnail of an item the caller has checked may be shown (the trash shows its own items' too). */
  thumbnailOf(item: MediaItemEntity): Promise<FileToSend> {
    // Made at upload for most photos: served while the rest is still pending, as the item's thumbnailUrl says.
    if (thumbnailShown(item)) return this.picture(item, 'thumbnail');
    return this.picture(this.ready(item, hasPictures, 'This item has no picture.'), 'thumbnail');
  }

  /** The WebP preview (at most 2048 px) of the same kinds: what the detail view shows instead of the original. */
  async preview(user: Identity, id: number): Promise<FileToSend> {
    return this.picture(await this.readyItem(user, id, hasPictures, 'This item has no picture.'), 'preview');
  }

  /** What a browser plays: the MP4 or M4A the worker made, or the original when browsers play it as it is. */
  async playback(user: Identity, id: number): Promise<FileToSend> {
    const item = await this.readyItem(user, id, isRecording, 'Only videos and recordings play.');
    if (!item.playbackType) return this.original(item, false);
    const derivative: Derivative = item.playbackType.startsWith('audio/') ? 'playback-audio' : 'playback-video';
    return this.derivative(item, derivative, item.playbackType, derivative === 'playback-audio' ? 'm4a' : 'mp4');
  }

  private async readyItem(
    user: Identity,
    id: number,
    kind: (item: MediaItemEntity) => boolean,
    notThisKind: string,
  ): Promise<MediaItemEntity> {
    return this.ready(await this.access.for(user.id).visibleItem(id), kind, notThisKind);
  }

  private ready(item: MediaItemEntity, kind: (item: MediaItemEntity) => boolean, notThisKind: string): MediaItemEntity {
    if (!kind(item)) throw new NotFoundException(notThisKind);
    if (item.processing === 'pending') throw new ConflictException(STILL_PREPARING);
    if (item.processing === 'failed') {
      throw new ConflictException(item.processingError ?? 'This item could not be prepared.');
    }
    return item;
  }

  private picture(item: MediaItemEntity, derivative: 'thumbnail' | 'preview'): Promise<FileToSend> {
    return this.derivative(item, derivative, DERIVATIVE_TYPE, 'webp');
  }

  private async derivative(
    item: MediaItemEntity,
    derivative: Derivative,
    contentType: string,
    ext: string,
  ): Promise<FileToSend> {
    const key = derivativeKey(item.id, derivative);
    const stored = await this.storage.stat(key);
    // Ready but without the file: storage lost it. Reprocessing makes it again.
    if (!stored) throw new NotFoundException('This file is missing from storage; prepare the item again.');
    return {
      storage: this.storage,
      key,
      size: stored.size,
      // Made from the original's bytes, and made again by a reprocess: both name it.
      etag: `"${item.sha256}-${derivative}-${item.preparedAt?.getTime() ?? 0}"`,
      contentType,
      cacheControl: CACHE_CONTROL,
      contentDisposition: contentDisposition('inline', item.fileName, `media-${item.id}`, ext),
    };
  }

  private motionOriginal(item: MediaItemEntity, download: boolean): FileToSend {
    const contentType = item.motionContentType ?? 'video/quicktime';
    return {
      storage: this.storage,
      key: item.motionObjectKey!,
      size: item.motionFileSize ?? 0,
      etag: `"${item.motionSha256}"`,
      contentType,
      cacheControl: CACHE_CONTROL,
      contentDisposition: contentDisposition(
        download ? 'attachment' : 'inline',
        item.motionFileName,
        `media-${item.id}-motion`,
        extensionFor(contentType),
      ),
    };
  }

  private original(item: MediaItemEntity, download: boolean): FileToSend {
    const inline = !download && isInlineType(item.contentType!);
    return {
      storage: this.storage,
      key: item.objectKey!,
      size: item.fileSize!,
      etag: `"${item.sha256}"`,
      contentType: item.contentType!,
      cacheControl: CACHE_CONTROL,
      contentDisposition: contentDisposition(
        inline ? 'inline' : 'attachment',
        item.fileName,
        `media-${item.id}`,
        extensionFor(item.contentType!),
      ),
    };
  }
}
