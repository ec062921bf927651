import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { CreateProfileRequest, LoginAnswer, UserProfile } from '@family/contract';
import { coded, type Identity } from '@family/shared';
import { AlbumsClient, FamilyClient, MediaClient, ProfileClient } from '@family/shared/clients';
import type { AuthConfig } from '../config';
import type { ChangePasswordDto, LoginDto, RegisterDto, ResetPasswordDto } from '../dtos/account.dto';
import { AccountRepository } from '../repositories/account.repository';
import { InviteService } from './invite.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password-hasher';
import { ResetCodeService } from './reset-code.service';
import { SecondFactorService } from './second-factor.service';
import { AUTH_CONFIG } from './services';

const INVALID_LOGIN = 'Invalid username or password';

@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly accounts: AccountRepository,
    private readonly resetCodes: ResetCodeService,
    private readonly invites: InviteService,
    private readonly secondFactors: SecondFactorService,
    private readonly profile: ProfileClient,
    private readonly media: MediaClient,
    private readonly albums: AlbumsClient,
    private readonly family: FamilyClient,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Creates the account and its profile, or neither. */
  async register(dto: RegisterDto): Promise<UserProfile> {
    if (dto.inviteCode !== undefined) return this.invites.register({ ...dto, inviteCode: dto.inviteCode });
    if (this.config.SIGNUP === 'closed' && dto.invitedBy === undefined) {
      throw new ForbiddenException('Sign-up is closed. Ask a family member to add you.');
    }
    const account = await this.accounts.create(dto.username, await hashPassword(dto.password));
    try {
      const profile: CreateProfileRequest = {
        id: account.id,
        username: dto.username,
        displayName: dto.displayName ?? dto.username,
        email: dto.email ?? null,
        dateOfBirth: dto.birthday ?? null,
      };
      return await this.profile.createProfile(profile);
    } catch (error) {
      await this.accounts.delete(account.id);
      throw error;
    }
  }

  isAdmin(id: number): Promise<boolean> {
    return this.accounts.isAdmin(id);
  }

  /**
   * The person for a correct username and password, and the second step their account asks for; one sentence for
   * unknown user and wrong password.
   */
  async login(dto: LoginDto): Promise<LoginAnswer> {
    const account = await this.accounts.findByUsername(dto.username);
    const matches = await verifyPassword(dto.password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!account || !matches) throw new UnauthorizedException(coded(INVALID_LOGIN, 'invalid_credentials'));
    const [user, secondFactors] = await Promise.all([
      this.profile.profileOf(account.id),
      this.secondFactors.secondFactorsOf(account.id),
    ]);
    return { ...user, secondFactors };
  }

  /**
   * Sets the new password for a valid code and turns two-step sign-in off: the operator's code is how a member
   * who lost their phone gets back in (docs/rights.md "Two-step sign-in"). Answers the account's id.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<number> {
    const account = await this.accounts.findByUsername(dto.username);
    if (!account || !(await this.resetCodes.consume(account.id, dto.resetCode))) {
      throw new BadRequestException(coded('Invalid or expired reset code', 'invalid_reset_code'));
    }
    await this.accounts.setPasswordHash(account.id, await hashPassword(dto.newPassword));
    await this.secondFactors.clearAll(account.id);
    return account.id;
  }

  async changePassword(user: Identity, dto: ChangePasswordDto): Promise<void> {
    const account = await this.accounts.findById(user.id);
    if (!account?.passwordHash) throw new NotFoundException('Your account no longer exists.');
    if (!(await verifyPassword(dto.currentPassword, account.passwordHash))) {
      throw new BadRequestException('Your current password is not correct.');
    }
    await this.accounts.setPasswordHash(account.id, await hashPassword(dto.newPassword));
  }

  /** A new person without an account: only an id, in the same id space as members. */
  async createPerson(): Promise<{ id: number }> {
    return { id: await this.accounts.createPerson() };
  }

  /** Many people without accounts at once (a GEDCOM import): their new ids, in order. */
  async createPeople(count: number): Promise<{ ids: number[] }> {
    return { ids: await this.accounts.createPeople(count) };
  }

  /** Removes people without accounts (idempotent); members among the ids are left alone. */
  async deletePeople(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.accounts.deletePeople(ids);
  }

  /** Removes a person without an account (idempotent); a member is refused. */
  async deletePerson(id: number): Promise<void> {
    if (await this.accounts.deletePerson(id)) return;
    const account = await this.accounts.findById(id);
    if (account) throw new ConflictException('This person has an account; only they can delete it.');
  }

  /**
   * Asks every service to purge the person (idempotent), then removes the account. A service that is
   * down stops the deletion with 503 and the account stays, so signing in and retrying finishes the job.
   */
  async deleteAccount(id: number): Promise<void> {
    // Profile last: the others read names from it while they purge.
    for (const service of [this.media, this.albums, this.family, this.profile]) await service.purgeUser(id);
    await this.accounts.delete(id);
    this.logger.log(`account ${id} deleted with everything it owned`);
  }
}
