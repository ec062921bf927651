import type { MergeTagsRequest, NewAccountTagsRequest } from '@family/contract';
import { IsId } from '@family/shared';

/** POST /internal/people/{id}/merge (family): the person the tags move to. */
export class MergeTagsDto implements MergeTagsRequest {
  @IsId({ message: 'intoId must be a person id' })
  intoId!: number;

  @IsId({ message: 'actingUserId must be a person id' })
  actingUserId!: number;
}

/** POST /internal/people/{id}/account-tags */
export class NewAccountTagsDto implements NewAccountTagsRequest {
  @IsId({ message: 'invitedBy must be a person id' })
  invitedBy!: number;
}
