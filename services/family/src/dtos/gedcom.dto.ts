import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { IsId } from '@family/shared';
import { GEDCOM_LIVING_OPTIONS, type GedcomLiving } from '@family/contract';

export class GedcomExportQueryDto {
  @IsOptional()
  @IsIn(GEDCOM_LIVING_OPTIONS, { message: 'living must be names, full or exclude' })
  living?: GedcomLiving;
}

/** POST /internal/gedcom/takeout-people?createdBy=: the member whose takeout import brings the people in. */
export class TakeoutPeopleQuery {
  @Transform(({ value }) => Number(value))
  @IsId({ message: 'createdBy must be a person id' })
  createdBy!: number;
}
