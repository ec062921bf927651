import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { NameAdminRequest } from '@family/contract';
import { IsId, queryId } from '@family/shared';

/** POST /api/admin/admins. */
export class NameAdminDto implements NameAdminRequest {
  @IsId({ message: 'userId must be the id of a member' })
  userId!: number;
}

/** GET /api/admin/members?after=: the members after this id. */
export class MemberPageQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(0, { message: 'after must be a member id' })
  @IsInt({ message: 'after must be a member id' })
  after?: number;
}
