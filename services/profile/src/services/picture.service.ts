import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import sharp from 'sharp';
import type { UserProfile } from '@family/contract';
import type { FileToSend, Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { INTERRUPTED_UPLOAD, readMultipart, SNIFF_BYTES, sniffFileType, UploadGate } from '@family/shared/uploads';
import { mapUser } from '../dtos/user.dto';
import { ProfileRepository } from '../repositories/profile.repository';
import { signedInProfile } from './profile.service';
import { PICTURE_STORAGE } from './tokens';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Pictures are kept as squares of this many pixels: plenty for an avatar on a large screen. */
export const PICTURE_SIZE = 512;
const NO_PICTURE = 'Please choose a picture';
const TOO_LARGE = 'Profile picture must be less than 5MB';
/** The picture comes alone; the form may carry a few small fields, which are not used. */
const FORM_LIMITS = { fields: 20, parts: 40, fieldSize: 64 * 1024, fieldNameSize: 100 };
/** Room for the form around the picture: a body declared longer than picture and form is refused unread. */
const FORM_ALLOWANCE = 1024 * 1024;
const UNREADABLE_PICTURE = 'This picture could not be read. Please choose a JPEG, PNG, WebP or GIF picture.';
// The URL with the current version (?v=) always names the same picture, so browsers may keep it for good;
// any other URL may show another picture tomorrow and must be checked each time.
const CACHE_CURRENT = 'private, max-age=31536000, immutable';
const CACHE_OTHER = 'private, no-cache';

@Injectable()
export class PictureService {
  private readonly logger = new Logger(PictureService.name);

  constructor(
    private readonly profiles: ProfileRepository,
    @Inject(PICTURE_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * POST /api/users/profile-picture: the signed-in person's new picture, streamed from the request through
   * the kind and size checks into sharp, and from sharp into storage as a square WebP.
   */
  async upload(user: Identity, req: IncomingMessage): Promise<UserProfile> {
    signedInProfile(await this.profiles.findById(user.id));
    return this.store(user.id, req);
  }

  /**
   * POST /api/people/{id}/picture: a portrait of a person without an account, by any member, as any member edits
   * them; a member's own picture only by that member (docs/rights.md "People rights").
   */
  async uploadFor(user: Identity, personId: number, req: IncomingMessage): Promise<UserProfile> {
    const person = await this.profiles.findById(personId);
    if (!person) throw new NotFoundException('This person is not in the family archive.');
    if (person.username !== null && person.userId !== user.id) {
      throw new ForbiddenException(`Only ${person.displayName} can change their own picture.`);
    }
    return this.store(personId, req);
  }

  private async store(personId: number, req: IncomingMessage): Promise<UserProfile> {
    const version = await this.profiles.nextPictureVersion();
    const key = `pictures/${personId}-${version}.webp`;

    const { file: stored } = await readMultipart(req, {
      limits: FORM_LIMITS,
      notMultipartMessage: NO_PICTURE,
      maxBody: { bytes: MAX_PICTURE_BYTES + FORM_ALLOWANCE, message: TOO_LARGE },
      takeFile: (part) => (part.field === 'file' ? this.storeSquareWebp(key, part.stream) : null),
      discard: () => this.storage.delete(key),
    });
    if (!stored) throw new BadRequestException(NO_PICTURE);

    const { applied, previousKey } = await this.profiles.replacePicture(personId, key, version);
    // Not applied: the person is gone, or a newer picture of the same person got there first.
    if (!applied) await this.deleteQuietly(key);
    if (previousKey && previousKey !== key) await this.deleteQuietly(previousKey);
    const person = await this.profiles.findById(personId);
    if (!person) throw new NotFoundException('This person is not in the family archive.');
    return mapUser(person);
  }

  /** GET /api/users/{id}/picture; `requestedVersion` is the URL's ?v=. */
  async find(userId: number, requestedVersion: string | undefined): Promise<FileToSend> {
    const profile = await this.profiles.findById(userId);
    const key = profile?.pictureKey;
    const stat = key ? await this.storage.stat(key) : null;
    if (!profile || !key || !stat) throw new NotFoundException('This person has no profile picture.');
    return {
      storage: this.storage,
      key,
      size: stat.size,
      etag: `"${stat.etag}"`,
      contentType: 'image/webp',
      cacheControl: requestedVersion === String(profile.pictureVersion) ? CACHE_CURRENT : CACHE_OTHER,
    };
  }

  /** Removes a picture object; idempotent. */
  remove(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  private async storeSquareWebp(key: string, file: Readable): Promise<{ size: number }> {
    // Counted (over 5 MB: 413 at once) and sniffed (not an image: 415) before a byte reaches sharp.
    const gate = new UploadGate({
      maxBytes: MAX_PICTURE_BYTES,
      tooLargeMessage: TOO_LARGE,
      headBytes: SNIFF_BYTES,
      inspect: async (head) => {
        if (head.length === 0) throw new BadRequestException(NO_PICTURE);
        const kind = await sniffFileType(head);
        if (!kind?.mime.startsWith('image/')) throw new UnsupportedMediaTypeException('Only image files are allowed');
      },
    });
    // rotate() with no angle applies the EXIF orientation (and drops it, as all metadata is dropped).
    const square = sharp({ limitInputPixels: 120_000_000 })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 });

    let upstreamError: Error | undefined;
    let decodeError: Error | undefined;
    file.on('error', (error) => gate.destroy(error));
    gate.on('error', (error) => {
      upstreamError ??= error;
      square.destroy(error);
    });
    square.on('error', (error) => {
      if (!upstreamError) decodeError ??= error;
    });
    file.pipe(gate).pipe(square);

    try {
      return await this.storage.put(key, square, { contentType: 'image/webp' });
    } catch (error) {
      if (upstreamError)
        throw upstreamError instanceof HttpException ? upstreamError : new BadRequestException(INTERRUPTED_UPLOAD);
      if (decodeError) throw new UnsupportedMediaTypeException(UNREADABLE_PICTURE);
      throw error;
    }
  }

  /** An object left behind wastes a little space; failing the person's request for it would be worse. */
  private async deleteQuietly(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(`could not delete the replaced picture ${key}: ${(error as Error).message}`);
    }
  }
}
