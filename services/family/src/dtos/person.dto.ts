import { Type } from 'class-transformer';
import type { MergePersonRequest } from '@family/contract';
import { IsId } from '@family/shared';

/** POST /api/people/{id}/merge: the person the duplicate is folded into. */
export class MergePersonDto implements MergePersonRequest {
  @IsId({ message: 'Please choose the person to merge into' })
  @Type(() => Number)
  intoId!: number;
}
