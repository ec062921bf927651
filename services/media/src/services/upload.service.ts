import type { IncomingMessage } from 'node:http';
import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { type Identity, isCalendarDate, localToday, MAX_ID } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { DATE_FORMAT_MESSAGE, DESCRIPTION_MAX, type MediaItemResponse, TITLE_MAX } from '../dtos/media.dto';
import { MEDIA_TYPES, type MediaType } from '../entities/media-item.entity';
import { DuplicateUploadError, MediaRepository } from '../repositories/media.repository';
import { AlbumAccessClient } from './album-access.client';
import { exifDate } from './exif-date';
import { acceptKind, KIND_MESSAGES } from './media-kind';
import { MediaPresenter } from './media-presenter';
import { newMediaKey } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';
import { type ReceivedFile, receiveUpload } from './upload-receiver';

const CONTENT_MAX = 20000;
const WEBSITE_MAX = 2000;
export const ALBUM_FORBIDDEN = 'You can only upload into an album you created or may edit.';

function isMediaType(value: unknown): value is MediaType {
  return typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);
}

function trimmedOrNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** POST /api/media: the file streams into storage first; the row is written only once it is safely there. */
@Injectable()
export class UploadService {
  private readonly logger = new Logger(UploadService.name);

  constructor(
    private readonly media: MediaRepository,
    private readonly albums: AlbumAccessClient,
    private readonly presenter: MediaPresenter,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async upload(user: Identity, req: IncomingMessage, requestId?: string): Promise<MediaItemResponse> {
    const received = await receiveUpload(req, {
      storage: this.storage,
      newKey: () => newMediaKey(),
      // When the type came before the file, a file of the wrong kind is refused before it is read to its end.
      onSniffed: (sniffed, declared, fieldsSoFar) => {
        const type = fieldsSoFar.get('type')?.trim();
        if (isMediaType(type) && type !== 'post' && !acceptKind(type, sniffed, declared)) {
          throw new UnsupportedMediaTypeException(KIND_MESSAGES[type]);
        }
        if (type === 'post' && !acceptKind('post', sniffed, declared)) {
          throw new UnsupportedMediaTypeException(KIND_MESSAGES.post);
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
      return await this.save(user, received.fields, file, requestId);
    } catch (error) {
      // The object is stored but will never have a row: remove it.
      if (file) await this.storage.delete(file.key).catch((e: unknown) => this.logger.error(String(e)));
      throw error;
    }
  }

  private async save(
    user: Identity,
    fields: Map<string, string>,
    file: ReceivedFile | null,
    requestId?: string,
  ): Promise<MediaItemResponse> {
    const type = fields.get('type')?.trim();
    if (!isMediaType(type)) {
      throw new BadRequestException('Please choose a type: photo, video, audio, document or post.');
    }

    const title = fields.get('title')?.trim() ?? '';
    if (!title) throw new BadRequestException('Please enter a title');
    if (title.length > TITLE_MAX) throw new BadRequestException(`Title must be at most ${TITLE_MAX} characters`);

    const description = trimmedOrNull(fields.get('description'));
    if (description && description.length > DESCRIPTION_MAX) {
      throw new BadRequestException(`Description must be at most ${DESCRIPTION_MAX} characters`);
    }

    let content: string | null = null;
    let websiteUrl: string | null = null;
    if (type === 'post') {
      content = trimmedOrNull(fields.get('content'));
      if (content && content.length > CONTENT_MAX) {
        throw new BadRequestException(`Content must be at most ${CONTENT_MAX} characters`);
      }
      websiteUrl = websiteAddress(fields.get('websiteUrl') ?? fields.get('website_url'));
    } else if (!file) {
      throw new BadRequestException('Please select a file to upload');
    }

    const kind = file ? acceptKind(type, file.sniffed, file.declared) : null;
    if (file && !kind) throw new UnsupportedMediaTypeException(KIND_MESSAGES[type]);

    let mediaDate = fields.get('mediaDate')?.trim() || null;
    if (mediaDate && !isCalendarDate(mediaDate)) throw new BadRequestException(DATE_FORMAT_MESSAGE);
    if (!mediaDate && file && kind?.contentType.startsWith('image/')) mediaDate = await exifDate(file.head);
    mediaDate ??= localToday();

    const albumId = await this.albumFor(user, fields.get('albumId'), requestId);

    if (file) {
      const existing = await this.media.findIdBySha256(user.id, file.sha256);
      if (existing !== null) throw new DuplicateUploadError(existing);
    }

    const item = await this.media.insert({
      userId: user.id,
      type,
      title,
      description,
      mediaDate,
      albumId,
      websiteUrl,
      content,
      objectKey: file?.key ?? null,
      contentType: kind?.contentType ?? null,
      fileName: file ? file.declared.fileName.slice(0, 255) : null,
      fileSize: file?.size ?? null,
      sha256: file?.sha256 ?? null,
    });
    return this.presenter.item(item, requestId);
  }

  /** The album to upload into: only one the uploader created or may edit (asked of the albums service once). */
  private async albumFor(user: Identity, raw: string | undefined, requestId?: string): Promise<number | null> {
    const text = raw?.trim() ?? '';
    if (text === '' || text === 'none' || text === 'null') return null;
    const albumId = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(albumId) || albumId < 1 || albumId > MAX_ID) {
      throw new BadRequestException('Please choose an album from the list, or No Album.');
    }
    const { editable } = await this.albums.forUser(user.id, requestId);
    if (!editable.includes(albumId)) throw new ForbiddenException(ALBUM_FORBIDDEN);
    return albumId;
  }
}

/** A post's website, as an http(s) address (an address typed without a scheme gets https://). */
function websiteAddress(raw: string | undefined): string | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new BadRequestException('Please enter a valid website address, like https://example.org');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || withScheme.length > WEBSITE_MAX) {
    throw new BadRequestException('Please enter a valid website address, like https://example.org');
  }
  return url.toString();
}
