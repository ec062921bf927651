import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const TAKEOUT_MEMORIES_MAX = 1000;

/** GET /internal/takeout-memories?after=&limit=&person= */
export class TakeoutMemoriesQuery {
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'after must be a memory id' })
  @Min(0, { message: 'after must be a memory id' })
  after: number = 0;

  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: `limit must be between 1 and ${TAKEOUT_MEMORIES_MAX}` })
  @Min(1, { message: `limit must be between 1 and ${TAKEOUT_MEMORIES_MAX}` })
  @Max(TAKEOUT_MEMORIES_MAX, { message: `limit must be between 1 and ${TAKEOUT_MEMORIES_MAX}` })
  limit: number = TAKEOUT_MEMORIES_MAX;

  /** Only the memories this person wrote or that are on their profile. */
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'person must be a person id' })
  @Min(1, { message: 'person must be a person id' })
  person?: number;
}
