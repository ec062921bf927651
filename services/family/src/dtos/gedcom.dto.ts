import { Transform } from 'class-transformer';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { IsId } from '@family/shared';
import { GEDCOM_LIVING_OPTIONS, type GedcomLiving } from '@family/contract';

export class GedcomExportQueryDto {
  @IsOptional()
  @IsIn(GEDCOM_LIVING_OPTIONS, { message: 'living must be names, full or exclude' })
  living?: GedcomLiving;
}

/**
 * POST /internal/gedcom/takeout-people?createdBy=&known=: the member whose takeout import brings the people in, and
 * the records already known to be members here (`I1:7,I2:9`: record, then person id).
 */
export class TakeoutPeopleQuery {
  @Transform(({ value }) => Number(value))
  @IsId({ message: 'createdBy must be a person id' })
  createdBy!: number;

  @IsOptional()
  @Matches(/^[^,:@\s]+:[1-9]\d{0,15}(,[^,:@\s]+:[1-9]\d{0,15})*$/, {
    message: 'known must list record:person pairs, separated by commas',
  })
  known?: string;
}

/** The `known` pairs of a takeout-people call, by record. */
export function knownRecords(known: string | undefined): Record<string, number> {
  if (!known) return {};
  return Object.fromEntries(
    known.split(',').map((pair) => {
      const [record, id] = pair.split(':');
      return [record!, Number(id)];
    }),
  );
}
