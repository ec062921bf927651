import { Inject, Injectable } from '@nestjs/common';
import type { AccountResponse, CreateAccountRequest, UserProfile } from '@family/contract';
import { InternalClient, type Identity } from '@family/shared';
import type { FamilyConfig } from '../config';
import type { CreateMemberDto } from '../dtos/member.dto';
import { FAMILY_CONFIG } from './services';

@Injectable()
export class MemberService {
  constructor(
    private readonly internal: InternalClient,
    @Inject(FAMILY_CONFIG) private readonly config: FamilyConfig,
  ) {}

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
    const created = await this.internal.call<UserProfile>(
      { name: 'auth', url: this.config.AUTH_URL },
      'POST',
      '/internal/accounts',
      { body: account },
    );
    return { user: created };
  }
}
