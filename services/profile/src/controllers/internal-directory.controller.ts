import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Internal, ParseIdPipe } from '@family/shared/nest';
import { CreateProfileDto, LookupUsersDto } from '../dtos/user.dto';
import { DirectoryService } from '../services/directory.service';

@Internal()
@Controller('internal')
export class InternalDirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Post('profiles')
  create(@Body() dto: CreateProfileDto) {
    return this.directory.create(dto);
  }

  @Get('profiles/:id')
  get(@Param('id', ParseIdPipe) id: number) {
    return this.directory.get(id);
  }

  /** The batched lookup behind every other service's DirectoryClient. */
  @Post('users/lookup')
  @HttpCode(200)
  lookup(@Body() dto: LookupUsersDto) {
    return this.directory.lookup(dto.ids);
  }

  @Delete('users/:id')
  @HttpCode(204)
  purge(@Param('id', ParseIdPipe) id: number) {
    return this.directory.purge(id);
  }
}
