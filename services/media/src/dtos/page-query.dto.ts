import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '@family/contract';

/** Empty query parameters (`?type=`) mean "not given". */
export const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A page of a keyset-paged list (docs/api.md "Lists and pages"): how many, and after which cursor. */
export class PageQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @MaxLength(100, { message: 'The page cursor is not valid.' })
  @IsString({ message: 'The page cursor is not valid.' })
  cursor?: string;
}
