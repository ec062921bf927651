import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { EXPORT_SCOPES, type ExportScope } from '@family/contract';
import { IsId } from '@family/shared';

/** POST /internal/media/imports?uploadedBy=&tags=: who the item is uploaded as, and who it shows. */
export class MediaImportQuery {
  @Transform(({ value }) => Number(value))
  @IsId({ message: 'uploadedBy must be a person id' })
  uploadedBy!: number;

  @Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' ? value.split(',').map((id) => Number(id.trim())) : [],
  )
  @IsArray()
  @ArrayMaxSize(200, { message: 'At most 200 people are tagged at once' })
  @IsInt({ each: true, message: 'tags must be person ids' })
  @Min(1, { each: true, message: 'tags must be person ids' })
  tags!: number[];
}

/** POST /internal/media/imports/:id/tags: more people on an imported item than its upload's query can name. */
export class MediaImportTagsDto {
  @IsArray()
  @ArrayMaxSize(1000, { message: 'At most 1000 people are tagged at once' })
  @IsId({ each: true, message: 'people must be person ids' })
  people!: number[];
}

/** GET /internal/media/tagged?after=&limit=: one page of tagged files, after a media id. */
export class TaggedFilesQuery {
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'after must be a media id' })
  @Min(0, { message: 'after must be a media id' })
  after: number = 0;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be between 1 and 5000' })
  @Max(5000, { message: 'limit must be between 1 and 5000' })
  limit: number = 1000;

  /** The files this person may see (the GEDCOM download); this or `takeoutFor` is needed. */
  @ValidateIf((query: TaggedFilesQuery) => query.takeoutFor === undefined)
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsInt({ message: 'askedBy (a person id) or takeoutFor is needed' })
  @Min(1, { message: 'askedBy must be a person id' })
  askedBy?: number;

  /** A takeout export's files only: those of `scope` for this person (docs/api.md "Takeout"). */
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'takeoutFor must be a person id' })
  @Min(1, { message: 'takeoutFor must be a person id' })
  takeoutFor?: number;

  @IsOptional()
  @IsIn(EXPORT_SCOPES, { message: 'scope must be mine or family' })
  scope?: ExportScope;
}
