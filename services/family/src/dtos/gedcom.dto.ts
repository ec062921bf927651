import { IsIn, IsOptional } from 'class-validator';
import { GEDCOM_LIVING_OPTIONS, type GedcomLiving } from '@family/contract';

export class GedcomExportQueryDto {
  @IsOptional()
  @IsIn(GEDCOM_LIVING_OPTIONS, { message: 'living must be names, full or exclude' })
  living?: GedcomLiving;
}
