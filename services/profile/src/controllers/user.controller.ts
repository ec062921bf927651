import { Controller, Get, Param } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { DirectoryService } from '../services/directory.service';

@Controller('api')
export class UserController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('user')
  current(@CurrentUser() user: Identity) {
    return this.directory.current(user);
  }

  @Get('users')
  list(@CurrentUser() _user: Identity) {
    return this.directory.list();
  }

  @Get('users/:id')
  get(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.directory.get(id);
  }
}
