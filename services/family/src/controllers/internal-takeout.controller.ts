import { Controller, Get, Query } from '@nestjs/common';
import type { TakeoutGedcom, TakeoutTiesPage } from '@family/contract';
import { Internal } from '@family/shared/nest';
import { TakeoutGedcomQuery, TakeoutTiesQuery } from '../dtos/takeout.dto';
import { TakeoutFamilyService } from '../gedcom-archive/takeout-family.service';

/** What the media worker asks of family while it writes an export (docs/api.md "Takeout"). */
@Internal()
@Controller('internal')
export class InternalTakeoutController {
  constructor(private readonly takeout: TakeoutFamilyService) {}

  @Get('takeout-ties')
  ties(@Query() query: TakeoutTiesQuery): Promise<TakeoutTiesPage> {
    return this.takeout.ties(query.after, query.limit);
  }

  @Get('takeout-gedcom')
  gedcom(@Query() query: TakeoutGedcomQuery): Promise<TakeoutGedcom> {
    return this.takeout.gedcomFor(query.for, query.scope);
  }
}
