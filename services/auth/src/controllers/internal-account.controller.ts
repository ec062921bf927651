import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { LoginDto, RegisterDto, ResetPasswordDto } from '../dtos/account.dto';
import { AccountService } from '../services/account.service';

/** What the gateway (and the family service's create-member) ask of accounts. */
@Internal()
@Controller('internal')
export class InternalAccountController {
  constructor(private readonly accounts: AccountService) {}

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
    await this.accounts.resetPassword(dto);
    return { message: 'Password has been reset successfully' };
  }

  /** A person without an account: the profile service asks for their id before it writes their profile. */
  @Post('people')
  createPerson() {
    return this.accounts.createPerson();
  }

  @Delete('people/:id')
  @HttpCode(204)
  deletePerson(@Param('id', ParseIdPipe) id: number) {
    return this.accounts.deletePerson(id);
  }

  @Delete('accounts/:id')
  @HttpCode(204)
  deleteAccount(@Param('id', ParseIdPipe) id: number) {
    return this.accounts.deleteAccount(id);
  }
}
