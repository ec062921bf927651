import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AdminMemberList, SignUpSetting, UserRole, VersionsReport } from '@family/contract';
import type { Identity } from '@family/shared';
import { AdminOnly, CurrentUser } from '@family/shared/nest';
import { MemberPageQuery, NameAdminDto } from '../dtos/admin.dto';
import { AccountRepository } from '../repositories/account.repository';
import { AdminService } from '../services/admin.service';

/** The operator's page's routes that auth answers: admins only (docs/rights.md "Admins"). */
@AdminOnly()
@Controller('api/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('members')
  members(@Query() query: MemberPageQuery): Promise<AdminMemberList> {
    return this.admin.members(query.after);
  }

  @Post('admins')
  @HttpCode(204)
  nameAdmin(@Body() dto: NameAdminDto): Promise<void> {
    return this.admin.nameAdmin(dto.userId);
  }

  @Get('sign-up')
  signUp(): SignUpSetting {
    return this.admin.signUp();
  }

  @Get('versions')
  versions(): Promise<VersionsReport> {
    return this.admin.versions();
  }
}

/** GET /api/user/role: any signed-in person asks whether they are an admin (the header's menu links the page). */
@Controller('api/user/role')
export class UserRoleController {
  constructor(private readonly accounts: AccountRepository) {}

  @Get()
  async role(@CurrentUser() user: Identity): Promise<UserRole> {
    return { admin: await this.accounts.isAdmin(user.id) };
  }
}
