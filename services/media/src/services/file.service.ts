import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FileToSend, Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { hasPictures, isRecording, thumbnailShown } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { contentDisposition, extensionFor, isInlineType } from '../http/content-disposition';
import { DERIVATIVE_TYPE } from '../processing/derive';
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
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The item's original; `download` asks for an attachment under its original name, whatever the kind. */
  async file(user: Identity, id: number, download: boolean): Promise<FileToSend> {
    const item = await this.access.for(user.id).visibleItem(id);
    if (!item.objectKey || !item.contentType || item.fileSize === null) {
      throw new NotFoundException('This item has no file.');
    }
    return this.original(item, download);
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
