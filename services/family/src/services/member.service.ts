import { Injectable } from '@nestjs/common';
import type { AccountResponse, CreateAccountRequest } from '@family/contract';
import type { Identity } from '@family/shared';
import { AuthClient } from '@family/shared/clients';
import type { CreateMemberDto } from '../dtos/member.dto';

@Injectable()
export class MemberService {
  constructor(private readonly auth: AuthClient) {}

  /**
   * Creates a relative's account and profile through the auth service (allowed even when sign-up is closed,
   * as a signed-in member invites them). Its refusals, such as a username already taken, pass through.
   */
  async create(user: Identity, dto: CreateMemberDto): Promise<AccountResponse> {
    const account: CreateAccountRequest = {
      username: dto.username,
      password: dto.password,
      displayName: dto.displayName,
      email: dto.email,
      birthday: dto.birthday,
      invitedBy: user.id,
    };
    return { user: await this.auth.createAccount(account) };
  }
}
