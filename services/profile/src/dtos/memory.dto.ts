import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import {
  MEMORY_CONTENT_MAX,
  MEMORY_TITLE_MAX,
  type CreateMemoryRequest,
  type Memory,
  type MemoryListQuery,
} from '@family/contract';
import { queryId, trim } from '@family/shared';
import type { MemoryEntity } from '../entities/memory.entity';
import type { ProfileEntity } from '../entities/profile.entity';
import { mapPersonSummary } from './user.dto';

const INVALID_USER_ID = 'userId must be the id of a person (a whole number)';
const INVALID_PERSON_ID = 'personId must be the id of a person (a whole number)';

export class CreateMemoryDto implements CreateMemoryRequest {
  @Transform(trim)
  @MaxLength(MEMORY_TITLE_MAX, { message: 'The title is too long: keep it under 200 characters' })
  @MinLength(1, { message: 'Please enter a title for your memory' })
  @IsString({ message: 'Please enter a title for your memory' })
  title!: string;

  @Transform(trim)
  @MaxLength(MEMORY_CONTENT_MAX, { message: 'Your memory is too long: keep it under 20,000 characters' })
  @MinLength(1, { message: 'Please enter your memory' })
  @IsString({ message: 'Please enter your memory' })
  content!: string;

  @IsOptional()
  @Min(1, { message: INVALID_PERSON_ID })
  @IsInt({ message: INVALID_PERSON_ID })
  personId?: number;
}

/** GET /api/memories?userId=: whose memories; without it, the signed-in person's. */
export class ListMemoriesQuery implements MemoryListQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(1, { message: INVALID_USER_ID })
  @IsInt({ message: INVALID_USER_ID })
  userId?: number;
}

export function mapMemory(memory: MemoryEntity, writer: ProfileEntity): Memory {
  return {
    id: memory.id,
    title: memory.title,
    content: memory.content,
    createdAt: memory.createdAt.toISOString(),
    user: mapPersonSummary(writer),
    personId: memory.personId,
  };
}
