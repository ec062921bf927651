import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { UserProfile } from '@family/contract';
import { coded } from '@family/shared';
import { MediaClient, ProfileClient } from '@family/shared/clients';
import { NotificationOutbox } from '@family/shared/nest';
import type { CreateInviteDto, RegisterDto } from '../dtos/account.dto';
import { InviteRepository } from '../repositories/invite.repository';
import { hashCode, makeCode } from './one-time-code';
import { hashPassword } from './password-hasher';

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITE =
  'This invite code is not valid: it may have been used, have expired or be mistyped. Ask the family member who invited you for a new one.';

/** Invites: a one-time code by which a relative without an account signs up as that very person. */
@Injectable()
export class InviteService {
  constructor(
    private readonly invites: InviteRepository,
    private readonly media: MediaClient,
    private readonly profile: ProfileClient,
    private readonly outbox: NotificationOutbox,
  ) {}

  /** A code valid for seven days, shown once; only its hash is kept. A new one replaces the person's last. */
  async create(dto: CreateInviteDto): Promise<{ code: string; expiresAt: string }> {
    const withoutAccount = await this.invites.withoutAccount(dto.personId);
    if (withoutAccount === null) throw new NotFoundException('This person is not in the family archive.');
    if (!withoutAccount) throw new ConflictException('This person already has an account.');
    const code = makeCode(12);
    const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
    await this.invites.replace(dto.personId, hashCode(code), expiresAt, dto.createdBy);
    return { code, expiresAt: expiresAt.toISOString() };
  }

  async hasOpen(personId: number): Promise<{ open: boolean }> {
    return { open: await this.invites.hasOpen(personId) };
  }

  /**
   * Sign-up with an invite (allowed while sign-up is closed): the person's row gets the username and password;
   * media holds the person's tags that the inviter may not vouch for (docs/rights.md "Attaching a person to an
   * item"); then profile makes their profile a member's. If either refuses, the row and the code are as they were
   * (held tags stay held: confirming them is the items' editors' call).
   */
  async register(dto: RegisterDto & { inviteCode: string }): Promise<UserProfile> {
    const claimed = await this.invites.claim(hashCode(dto.inviteCode), dto.username, await hashPassword(dto.password));
    if (!claimed) throw new BadRequestException(coded(INVALID_INVITE, 'invalid_invite_code'));
    let member: UserProfile;
    try {
      await this.media.holdTagsForNewAccount(claimed.personId, { invitedBy: claimed.createdBy });
      member = await this.profile.becomeMember(claimed.personId, {
        username: dto.username,
        displayName: dto.displayName ?? null,
        email: dto.email ?? null,
        dateOfBirth: dto.birthday ?? null,
      });
    } catch (error) {
      await this.invites.release(claimed);
      throw error;
    }
    // The inviter hears that their invite was used (docs/product.md "Notifications").
    await this.outbox.send([
      { recipientId: claimed.createdBy, kind: 'invite-used', actorId: member.id, subjectId: member.id },
    ]);
    return member;
  }
}
