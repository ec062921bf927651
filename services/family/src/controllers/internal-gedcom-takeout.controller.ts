import { Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Internal, Multipart } from '@family/shared/nest';
import { knownRecords, TakeoutPeopleQuery } from '../dtos/gedcom.dto';
import { GedcomTakeoutService } from '../gedcom-archive/takeout.service';

/** A takeout import's family.ged, sent by the media worker (docs/architecture.md "Internal calls"). */
@Internal()
@Controller('internal/gedcom')
export class InternalGedcomTakeoutController {
  constructor(private readonly takeout: GedcomTakeoutService) {}

  /** Multipart `file`: family.ged. Answers which person each of its records is here (`known` ones as given). */
  @Post('takeout-people')
  @Multipart()
  @HttpCode(200)
  importPeople(@Query() query: TakeoutPeopleQuery, @Req() req: Request) {
    return this.takeout.importPeople(query.createdBy, knownRecords(query.known), req);
  }
}
