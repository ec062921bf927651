import { Body, Controller, Post } from '@nestjs/common';
import type { AccountResponse } from '@family/contract';
import type { Identity } from '@family/shared';
import { CurrentUser } from '@family/shared/nest';
import { CreateMemberDto } from '../dtos/member.dto';
import { AccountService } from '../services/account.service';

/**
 * POST /api/family/create-member: a signed-in member makes a relative's account and profile, also when sign-up is
 * closed. The family tree's dialog asks it, but the account is auth's, so auth answers it (the gateway routes
 * this one path here; docs/architecture.md "Who calls whom").
 */
@Controller('api/family/create-member')
export class FamilyMemberController {
  constructor(private readonly accounts: AccountService) {}

  @Post()
  async create(@CurrentUser() user: Identity, @Body() dto: CreateMemberDto): Promise<AccountResponse> {
    return { user: await this.accounts.register({ ...dto, invitedBy: user.id }) };
  }
}
