import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { EXPORT_SCOPES, type ExportScope } from '@family/contract';

export const TAKEOUT_TIES_MAX = 5000;

/** GET /internal/takeout-ties?after=&limit= */
export class TakeoutTiesQuery {
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'after must be a relation id' })
  @Min(0, { message: 'after must be a relation id' })
  after: number = 0;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: `limit must be between 1 and ${TAKEOUT_TIES_MAX}` })
  @Min(1, { message: `limit must be between 1 and ${TAKEOUT_TIES_MAX}` })
  @Max(TAKEOUT_TIES_MAX, { message: `limit must be between 1 and ${TAKEOUT_TIES_MAX}` })
  limit: number = TAKEOUT_TIES_MAX;
}

/** GET /internal/takeout-gedcom?for=&scope= */
export class TakeoutGedcomQuery {
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'for must be a person id' })
  @Min(1, { message: 'for must be a person id' })
  for!: number;

  @IsIn(EXPORT_SCOPES, { message: 'scope must be mine or family' })
  scope!: ExportScope;
}
