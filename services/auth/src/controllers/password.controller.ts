import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser } from '@family/shared/nest';
import { ChangePasswordDto } from '../dtos/account.dto';
import { AccountService } from '../services/account.service';

@Controller('api/user/password')
export class PasswordController {
  constructor(private readonly accounts: AccountService) {}

  @Post()
  @HttpCode(200)
  async change(@CurrentUser() user: Identity, @Body() dto: ChangePasswordDto) {
    await this.accounts.changePassword(user, dto);
    return { message: 'Your password has been changed' };
  }
}
