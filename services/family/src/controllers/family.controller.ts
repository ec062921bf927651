import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { TREE_DEPTH_DEFAULT } from '@family/contract';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { AddRelationDto, TieDetailsDto, TreeQueryDto } from '../dtos/relation.dto';
import { RelationService } from '../services/relation.service';

@Controller('api/family')
export class FamilyController {
  constructor(private readonly relations: RelationService) {}

  @Post()
  add(@CurrentUser() user: Identity, @Body() dto: AddRelationDto) {
    return this.relations.add(user, dto);
  }

  /** Declared before `:rootUserId` so `tree` and `history` are never read as ids. */
  @Get('tree/:id')
  treeAround(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number, @Query() query: TreeQueryDto) {
    return this.relations.treeAround(id, query.up ?? TREE_DEPTH_DEFAULT, query.down ?? TREE_DEPTH_DEFAULT);
  }

  @Get('history/:id')
  history(@CurrentUser() _user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.relations.tieHistory(id);
  }

  @Post('history/:changeId/undo')
  @HttpCode(200)
  undoTieChange(@CurrentUser() user: Identity, @Param('changeId', ParseIdPipe) changeId: number) {
    return this.relations.undoTieChange(user, changeId);
  }

  @Patch(':id')
  update(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: TieDetailsDto) {
    return this.relations.update(user, id, dto);
  }

  @Get(':rootUserId')
  tree(@CurrentUser() _user: Identity, @Param('rootUserId', ParseIdPipe) rootUserId: number) {
    return this.relations.tree(rootUserId);
  }

  @Delete(':id')
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.relations.delete(user, id);
  }
}
