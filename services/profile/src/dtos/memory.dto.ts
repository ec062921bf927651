import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { queryId, trim, type UserSummary } from '@family/shared';
import type { MemoryEntity } from '../entities/memory.entity';
import type { ProfileEntity } from '../entities/profile.entity';
import { mapUserSummary } from './user.dto';

const INVALID_USER_ID = 'userId must be the id of a person (a whole number)';

export class CreateMemoryDto {
  @Transform(trim)
  @MaxLength(200, { message: 'The title is too long: keep it under 200 characters' })
  @MinLength(1, { message: 'Please enter a title for your memory' })
  @IsString({ message: 'Please enter a title for your memory' })
  title!: string;

  @Transform(trim)
  @MaxLength(20_000, { message: 'Your memory is too long: keep it under 20,000 characters' })
  @MinLength(1, { message: 'Please enter your memory' })
  @IsString({ message: 'Please enter your memory' })
  content!: string;
}

/** GET /api/memories?userId=: whose memories; without it, the signed-in person's. */
export class ListMemoriesQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(1, { message: INVALID_USER_ID })
  @IsInt({ message: INVALID_USER_ID })
  userId?: number;
}

export interface MemoryResponse {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  user: UserSummary;
}

export function mapMemory(memory: MemoryEntity, writer: ProfileEntity): MemoryResponse {
  return {
    id: memory.id,
    title: memory.title,
    content: memory.content,
    createdAt: memory.createdAt.toISOString(),
    user: mapUserSummary(writer),
  };
}
