import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import type { StartIntegrityCheckRequest } from '@family/contract';
import { queryId } from '@family/shared';

/** POST /api/admin/integrity. */
export class StartIntegrityCheckDto implements StartIntegrityCheckRequest {
  @IsOptional()
  @IsBoolean({ message: 'deep must be true or false' })
  deep?: boolean;
}

/** GET /api/admin/integrity/{id}/findings?after=: the findings after this one. */
export class FindingPageQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(0, { message: 'after must be a finding id' })
  @IsInt({ message: 'after must be a finding id' })
  after?: number;
}
