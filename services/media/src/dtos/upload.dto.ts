import { Expose, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { emptyToUndefined, IsCalendarDate, IsId, MaxTextLength, queryId, trim, trimToNull } from '@family/shared';
import {
  MEDIA_DESCRIPTION_MAX,
  MEDIA_EXISTS_MAX,
  MEDIA_TITLE_MAX,
  MEDIA_TYPES,
  type MediaExistsRequest,
  type MediaType,
} from '@family/contract';
import { DATE_FORMAT_MESSAGE } from './media.dto';

const CONTENT_MAX = 20000;
const WEBSITE_MAX = 2000;
const TYPE_MESSAGE = 'Please choose a type: photo, video, audio, document or post.';
const WEBSITE_MESSAGE = 'Please enter a valid website address, like https://example.org';
const ALBUM_MESSAGE = 'Please choose an album from the list, or No Album.';

/** What the upload form sends for "no album". */
const NO_ALBUM = new Set(['', 'none', 'null']);

/**
 * POST /api/media: the form fields beside the file (multipart, so every value is text). Checked in this order,
 * so the first broken rule is the one answered.
 */
export class UploadMediaFields {
  @Transform(trim)
  @IsIn(MEDIA_TYPES, { message: TYPE_MESSAGE })
  type!: MediaType;

  @Transform(trim)
  @MaxTextLength(MEDIA_TITLE_MAX, { message: `Title must be at most ${MEDIA_TITLE_MAX} characters` })
  @IsNotEmpty({ message: 'Please enter a title' })
  @IsString({ message: 'Please enter a title' })
  title!: string;

  /** Empty counts as none (null). */
  @IsOptional()
  @Transform(trimToNull)
  @MaxTextLength(MEDIA_DESCRIPTION_MAX, { message: `Description must be at most ${MEDIA_DESCRIPTION_MAX} characters` })
  description?: string | null;

  /** A post's text; other types have none. */
  @ValidateIf((fields: UploadMediaFields) => fields.type === 'post')
  @IsOptional()
  @Transform(trimToNull)
  @MaxTextLength(CONTENT_MAX, { message: `Content must be at most ${CONTENT_MAX} characters` })
  content?: string | null;

  /** A post's website, sent as `websiteUrl` or `website_url`; an address typed without a scheme gets https://. */
  @Expose()
  @ValidateIf((fields: UploadMediaFields) => fields.type === 'post')
  @IsOptional()
  @Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) =>
    websiteAddress(value ?? obj.website_url),
  )
  @IsWebsiteAddress({ message: WEBSITE_MESSAGE })
  websiteUrl?: string | null;

  /** The day it was taken or written; when not given, the photo's EXIF date or today. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsCalendarDate({ message: DATE_FORMAT_MESSAGE })
  mediaDate?: string;

  /** The album to upload into; none when left out or "none". */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => albumIdOf(value))
  @IsId({ message: ALBUM_MESSAGE })
  albumId?: number;
}

/** The address as the archive keeps it (normalised by URL), null when empty, or the text as typed when it is none. */
function websiteAddress(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  return URL.canParse(withScheme) ? new URL(withScheme).toString() : text;
}

/** An http(s) address with a host, short enough to keep. */
function IsWebsiteAddress(options: { message: string }) {
  return ValidateBy(
    {
      name: 'isWebsiteAddress',
      validator: {
        validate: (value) => {
          if (typeof value !== 'string' || value.length > WEBSITE_MAX || !URL.canParse(value)) return false;
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
        },
      },
    },
    options,
  );
}

/** An album id as a number; anything but digits or "no album" becomes NaN, which IsId refuses with its sentence. */
function albumIdOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return NO_ALBUM.has(text) ? undefined : queryId({ value: text });
}

const SHA256_MESSAGE = 'sha256 must be a list of sha256 checksums, each 64 hexadecimal digits.';

/** POST /api/media/exists: checksums of files about to be uploaded (lower case once read). */
export class MediaExistsDto implements MediaExistsRequest {
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((hash) => (typeof hash === 'string' ? hash.toLowerCase() : hash)) : value,
  )
  @Matches(/^[0-9a-f]{64}$/, { each: true, message: SHA256_MESSAGE })
  @IsString({ each: true, message: SHA256_MESSAGE })
  @ArrayMaxSize(MEDIA_EXISTS_MAX, { message: `Ask about at most ${MEDIA_EXISTS_MAX} files at once.` })
  @IsArray({ message: SHA256_MESSAGE })
  sha256!: string[];
}
