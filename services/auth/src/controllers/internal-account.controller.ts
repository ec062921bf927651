import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import {
  CreateInviteDto,
  CreatePeopleDto,
  DeletePeopleDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
} from '../dtos/account.dto';
import { InviteService } from '../services/invite.service';
import { AccountService } from '../services/account.service';

/** What the gateway and the profile service ask of accounts. */
@Internal()
@Controller('internal')
export class InternalAccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly invites: InviteService,
  ) {}

  @Post('accounts')
  register(@Body() dto: RegisterDto) {
    return this.accounts.register(dto);
  }

  @Post('logins')
  @HttpCode(200)
  login(@Body() dto: LoginDto) {
    return this.accounts.login(dto);
  }

  @Post('password-resets')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto) {
    const userId = await this.accounts.resetPassword(dto);
    // The id lets the gateway end the account's sessions; it answers the person with the message only.
    return { message: 'Password has been reset successfully', userId };
  }

  /** Whether a member is an admin: the gateway asks for each request to /api/admin (docs/rights.md "Admins"). */
  @Get('accounts/:id/role')
  async role(@Param('id', ParseIdPipe) id: number) {
    return { admin: await this.accounts.isAdmin(id) };
  }

  /** A person without an account: the profile service asks for their id before it writes their profile. */
  @Post('people')
  createPerson() {
    return this.accounts.createPerson();
  }

  /** Many people at once: a GEDCOM import asks profile, which asks here (docs/architecture.md#gedcom-import). */
  @Post('people/batch')
  createPeople(@Body() dto: CreatePeopleDto) {
    return this.accounts.createPeople(dto.count);
  }

  /** Undoes a batch whose profiles could not be written, or an import that failed. */
  @Post('people/batch-delete')
  @HttpCode(204)
  deletePeople(@Body() dto: DeletePeopleDto) {
    return this.accounts.deletePeople(dto.ids);
  }

  @Delete('people/:id')
  @HttpCode(204)
  deletePerson(@Param('id', ParseIdPipe) id: number) {
    return this.accounts.deletePerson(id);
  }

  @Post('invites')
  createInvite(@Body() dto: CreateInviteDto) {
    return this.invites.create(dto);
  }

  /** Deleting a person waits while an invite to them is open. */
  @Get('people/:id/open-invite')
  openInvite(@Param('id', ParseIdPipe) id: number) {
    return this.invites.hasOpen(id);
  }

  @Delete('accounts/:id')
  @HttpCode(204)
  deleteAccount(@Param('id', ParseIdPipe) id: number) {
    return this.accounts.deleteAccount(id);
  }
}
