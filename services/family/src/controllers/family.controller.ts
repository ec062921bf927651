import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe, RequestId } from '@family/shared/nest';
import { CreateMemberDto } from '../dtos/member.dto';
import { AddRelationDto } from '../dtos/relation.dto';
import { MemberService } from '../services/member.service';
import { RelationService } from '../services/relation.service';

@Controller('api/family')
export class FamilyController {
  constructor(
    private readonly relations: RelationService,
    private readonly members: MemberService,
  ) {}

  @Post()
  add(@CurrentUser() user: Identity, @Body() dto: AddRelationDto, @RequestId() requestId?: string) {
    return this.relations.add(user, dto, requestId);
  }

  @Post('create-member')
  createMember(@CurrentUser() user: Identity, @Body() dto: CreateMemberDto, @RequestId() requestId?: string) {
    return this.members.create(user, dto, requestId);
  }

  @Get(':rootUserId')
  tree(
    @CurrentUser() _user: Identity,
    @Param('rootUserId', ParseIdPipe) rootUserId: number,
    @RequestId() requestId?: string,
  ) {
    return this.relations.tree(rootUserId, requestId);
  }

  @Delete(':id')
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.relations.delete(user, id);
  }
}
