import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AdminMemberList, SignUpSetting, VersionsReport } from '@family/contract';
import { appVersion } from '@family/shared';
import { AlbumsClient, FamilyClient, MediaClient, ProfileClient, type MigrationState } from '@family/shared/clients';
import { migrationState } from '@family/shared/nest';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../config';
import { AccountRepository } from '../repositories/account.repository';
import { AUTH_CONFIG } from './services';

const MEMBERS_PAGE = 100;

/** The operator's page's parts that auth answers (docs/api.md "Operator"): members and admins, sign-up, versions. */
@Injectable()
export class AdminService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly dataSource: DataSource,
    private readonly profile: ProfileClient,
    private readonly media: MediaClient,
    private readonly albums: AlbumsClient,
    private readonly family: FamilyClient,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async members(after = 0): Promise<AdminMemberList> {
    const rows = await this.accounts.listMembers(after, MEMBERS_PAGE + 1);
    const page = rows.slice(0, MEMBERS_PAGE);
    return {
      members: page.map((row) => ({ id: row.id, username: row.username ?? '', admin: row.admin })),
      nextCursor: rows.length > MEMBERS_PAGE ? String(page.at(-1)!.id) : null,
    };
  }

  async nameAdmin(userId: number): Promise<void> {
    if (!(await this.accounts.makeAdmin(userId))) {
      throw new NotFoundException('There is no member with that id: only members can be admins.');
    }
  }

  signUp(): SignUpSetting {
    return {
      signup: this.config.SIGNUP,
      howToChange:
        this.config.SIGNUP === 'open'
          ? 'Set SIGNUP=closed in .env and run docker compose up -d (with npm start: SIGNUP=closed npm start).'
          : 'Set SIGNUP=open in .env and run docker compose up -d (with npm start: SIGNUP=open npm start).',
    };
  }

  /** The archive's version and each service's migrations, asked of all five at once. */
  async versions(): Promise<VersionsReport> {
    const asked: Array<[string, Promise<MigrationState>]> = [
      ['auth', migrationState(this.dataSource)],
      ['profile', this.profile.migrations()],
      ['media', this.media.migrations()],
      ['albums', this.albums.migrations()],
      ['family', this.family.migrations()],
    ];
    const states = await Promise.all(asked.map(([, state]) => state));
    return {
      appVersion: appVersion(),
      services: asked.map(([service], index) => ({ service, ...states[index]! })),
    };
  }
}
