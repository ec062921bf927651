import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { EXPORT_SCOPES, type ExportScope } from '@family/contract';

export const TAKEOUT_PAGE_MAX = 1000;

/** GET /internal/users/{id}/takeout-albums?scope=&after=&limit= */
export class TakeoutAlbumsQuery {
  @IsIn(EXPORT_SCOPES, { message: 'scope must be mine or family' })
  scope!: ExportScope;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'after must be an album id' })
  @Min(0, { message: 'after must be an album id' })
  after: number = 0;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: `limit must be between 1 and ${TAKEOUT_PAGE_MAX}` })
  @Min(1, { message: `limit must be between 1 and ${TAKEOUT_PAGE_MAX}` })
  @Max(TAKEOUT_PAGE_MAX, { message: `limit must be between 1 and ${TAKEOUT_PAGE_MAX}` })
  limit: number = TAKEOUT_PAGE_MAX;
}
