import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { CreateMemoryDto, ListMemoriesQuery } from '../dtos/memory.dto';
import { MemoryService } from '../services/memory.service';

@Controller('api/memories')
export class MemoryController {
  constructor(private readonly memories: MemoryService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: ListMemoriesQuery) {
    return this.memories.list(user, query.userId);
  }

  @Post()
  create(@CurrentUser() user: Identity, @Body() dto: CreateMemoryDto) {
    return this.memories.create(user, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.memories.delete(user, id);
  }
}
