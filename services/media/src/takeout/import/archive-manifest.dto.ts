import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import type {
  ArchiveAlbum,
  ArchiveManifest,
  ArchiveMedia,
  ArchiveMemory,
  ArchiveMotion,
  ArchivePerson,
  PersonName,
} from '@family/contract';

/**
 * archive.json as the import reads it (docs/api.md "Import of an export"): every value the import uses, of the
 * type it uses, checked as a whole before anything is imported, so a wrongly typed value (a null member, a title
 * that is a number) refuses the file with a sentence naming it instead of failing half-way. The limits of each
 * field are the upload route's, applied per item by the importer. Lists the import does not read (partnerships,
 * child ties: family.ged carries them) are not checked.
 */

/** A list's entries by id; anything that is not an object counts as unique here and is refused by its own check. */
const byId = (entry: unknown) => (entry !== null && typeof entry === 'object' ? (entry as { id?: unknown }).id : {});

class ArchivePersonNameDto implements PersonName {
  @IsInt()
  id!: number;

  @IsOptional()
  @IsString()
  username!: string | null;

  @IsString()
  displayName!: string;
}

class ArchivePersonDto
  extends ArchivePersonNameDto
  implements Pick<ArchivePerson, 'id' | 'username' | 'displayName' | 'story' | 'gedcomXref'>
{
  @IsOptional()
  @IsString()
  story!: string | null;

  @IsOptional()
  @IsString()
  gedcomXref!: string;
}

class ArchiveAlbumMemberDto {
  @ValidateNested()
  @Type(() => ArchivePersonNameDto)
  @IsObject()
  person!: ArchivePersonNameDto;

  @IsBoolean()
  canEdit!: boolean;
}

class ArchiveAlbumDto implements Pick<ArchiveAlbum, 'id' | 'name' | 'description' | 'isShared' | 'members'> {
  @IsInt()
  id!: number;

  @IsString()
  name!: string;

  @IsOptional()
  @IsString()
  description!: string | null;

  @IsBoolean()
  isShared!: boolean;

  @ValidateNested({ each: true })
  @Type(() => ArchiveAlbumMemberDto)
  @IsArray()
  members!: ArchiveAlbumMemberDto[];
}

/** A Live Photo's MOV beside its still. */
class ArchiveMotionDto implements Pick<ArchiveMotion, 'path' | 'sha256' | 'originalName' | 'contentType'> {
  @IsString()
  path!: string;

  @IsString()
  sha256!: string;

  @IsOptional()
  @IsString()
  originalName!: string | null;

  @IsOptional()
  @IsString()
  contentType!: string | null;
}

type ReadMedia = Pick<
  ArchiveMedia,
  | 'id'
  | 'type'
  | 'title'
  | 'description'
  | 'mediaDate'
  | 'content'
  | 'websiteUrl'
  | 'path'
  | 'sha256'
  | 'originalName'
  | 'contentType'
  | 'albumId'
  | 'tags'
>;

class ArchiveMediaDto implements ReadMedia {
  @IsInt()
  id!: number;

  @IsString()
  type!: ArchiveMedia['type'];

  @IsString()
  title!: string;

  @IsOptional()
  @IsString()
  description!: string | null;

  @IsString()
  mediaDate!: string;

  @IsOptional()
  @IsString()
  content!: string | null;

  @IsOptional()
  @IsString()
  websiteUrl!: string | null;

  @IsOptional()
  @IsString()
  path!: string | null;

  @IsOptional()
  @IsString()
  sha256!: string | null;

  @IsOptional()
  @IsString()
  originalName!: string | null;

  @IsOptional()
  @IsString()
  contentType!: string | null;

  @IsOptional()
  @IsInt()
  albumId!: number | null;

  @ValidateNested({ each: true })
  @Type(() => ArchivePersonNameDto)
  @IsArray()
  tags!: ArchivePersonNameDto[];

  /** Absent in exports made before Live Photos were exported whole. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ArchiveMotionDto)
  @IsObject()
  motion?: ArchiveMotionDto | null;
}

class ArchiveMemoryDto implements Pick<
  ArchiveMemory,
  'id' | 'title' | 'content' | 'writer' | 'personId' | 'createdAt'
> {
  @IsInt()
  id!: number;

  @IsString()
  title!: string;

  @IsString()
  content!: string;

  @ValidateNested()
  @Type(() => ArchivePersonNameDto)
  @IsObject()
  writer!: ArchivePersonNameDto;

  @IsInt()
  personId!: number;

  @IsOptional()
  @IsString()
  createdAt!: string;
}

type ReadManifest = Pick<ArchiveManifest, 'archiveId' | 'exportedBy' | 'people' | 'albums' | 'media' | 'memories'>;

export class ArchiveManifestDto implements Record<keyof ReadManifest, unknown> {
  @Matches(/^[\w.:-]{1,100}$/, { message: 'archiveId must be 1 to 100 letters, digits, ".", ":" or "-"' })
  @IsString()
  archiveId!: string;

  @ValidateNested()
  @Type(() => ArchivePersonNameDto)
  @IsObject()
  exportedBy!: ArchivePersonNameDto;

  @ArrayUnique(byId, { message: 'people must not name the same id twice' })
  @ValidateNested({ each: true })
  @Type(() => ArchivePersonDto)
  @IsArray()
  people!: ArchivePersonDto[];

  @ArrayUnique(byId, { message: 'albums must not name the same id twice' })
  @ValidateNested({ each: true })
  @Type(() => ArchiveAlbumDto)
  @IsArray()
  albums!: ArchiveAlbumDto[];

  @ArrayUnique(byId, { message: 'media must not name the same id twice' })
  @ValidateNested({ each: true })
  @Type(() => ArchiveMediaDto)
  @IsArray()
  media!: ArchiveMediaDto[];

  @ValidateNested({ each: true })
  @Type(() => ArchiveMemoryDto)
  @IsArray()
  memories!: ArchiveMemoryDto[];
}
