import { Transform } from 'class-transformer';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { GENEALOGICAL_DATE_MAX, PLACE_MAX, type LifeEvent } from '@family/contract';
import { trimToNull } from '../transforms';

const given = (_dto: object, value: unknown) => value !== undefined && value !== null;

/**
 * A dated event with a place: a birth or a death (profile), a marriage or a divorce (family). The date's grammar
 * is checked by the service, which can say what is wrong with it.
 */
export class LifeEventDto implements LifeEvent {
  @Transform(trimToNull)
  @ValidateIf(given)
  @MaxLength(GENEALOGICAL_DATE_MAX, { message: `A date must be at most ${GENEALOGICAL_DATE_MAX} characters` })
  @IsString({ message: 'A date must be text, like ABT 1850 or 12 MAR 1901' })
  date: string | null = null;

  @Transform(trimToNull)
  @ValidateIf(given)
  @MaxLength(PLACE_MAX, { message: `A place must be at most ${PLACE_MAX} characters` })
  @IsString({ message: 'A place must be text' })
  place: string | null = null;
}
