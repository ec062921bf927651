import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import {
  BULK_ACTIONS,
  BULK_MAX_IDS,
  MEDIA_DATE_TEXT_MAX,
  type BulkAction,
  type BulkDownloadRequest,
  type BulkRequest,
} from '@family/contract';
import { IsId } from '@family/shared';

const TOO_MANY = `Choose at most ${BULK_MAX_IDS} items at once.`;
const NONE = 'Choose at least one item.';
const NOT_IDS = 'ids must be a list of media item ids';

/** POST /api/media/download (or GET with `?ids=`): the items whose originals go into one ZIP (docs/api.md "Select many"). */
export class BulkDownloadDto implements BulkDownloadRequest {
  // A download link sends `?ids=1,2,3` (or `ids` more than once); JSON sends a list of numbers.
  @Transform(({ value }: { value: unknown }) => idsFromQuery(value))
  @ArrayMaxSize(BULK_MAX_IDS, { message: TOO_MANY })
  @ArrayNotEmpty({ message: NONE })
  @IsId({ each: true, message: NOT_IDS })
  @IsArray({ message: NOT_IDS })
  ids!: number[];
}

/** POST /api/media/bulk: one action over many items; addToAlbum names the album, tag the person. */
export class BulkActionDto extends BulkDownloadDto implements BulkRequest {
  @IsIn(BULK_ACTIONS, { message: `action must be one of: ${BULK_ACTIONS.join(', ')}` })
  action!: BulkAction;

  @ValidateIf((dto: BulkActionDto) => dto.action === 'addToAlbum')
  @IsId({ message: 'Choose the album to add the items to.' })
  albumId?: number;

  @ValidateIf((dto: BulkActionDto) => dto.action === 'tag')
  @IsId({ message: 'Choose the person to tag.' })
  userId?: number;

  /** Exact or uncertain, as PATCH /api/media/{id} takes mediaDateText; its grammar is checked by the service. */
  @ValidateIf((dto: BulkActionDto) => dto.action === 'setDate')
  @MaxLength(MEDIA_DATE_TEXT_MAX, { message: `A date must be at most ${MEDIA_DATE_TEXT_MAX} characters` })
  @IsString({ message: 'Write the date to give the items, like ABT 1955, 1950s or 1955-03-12.' })
  date?: string;
}

/** `"1,2,3"` or `["1", "2"]` from a query string as numbers; anything else is left for the checks to refuse. */
function idsFromQuery(value: unknown): unknown {
  const parts = typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value;
  if (!Array.isArray(parts)) return parts;
  return parts.map((part: unknown) =>
    typeof part === 'string' && /^\s*\d{1,15}\s*$/.test(part) ? Number(part) : part,
  );
}
