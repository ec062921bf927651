import { BadRequestException } from '@nestjs/common';
import { parseItemDate } from '@family/shared';
import type { MediaChanges } from '../repositories/media-item.repository';

/**
 * docs/product.md "Uncertain dates": the columns a date a person set writes. The item sorts at `mediaDate` (the
 * middle of an uncertain span); `dateGiven` keeps the worker from replacing it with the recording date.
 */
export function exactDay(day: string): MediaChanges {
  return { mediaDate: day, dateText: null, dateEarliest: null, dateLatest: null, dateGiven: true };
}

/** The changes for a date as a person wrote it (`ABT 1955`, `1950s`, `1955-03-12`); 400 with a sentence if none. */
export function dateChanges(text: string): MediaChanges {
  const parsed = parseItemDate(text);
  if (!parsed.valid) throw new BadRequestException(parsed.reason);
  const { date } = parsed;
  if (date.text === null) return exactDay(date.middle);
  return {
    mediaDate: date.middle,
    dateText: date.text,
    dateEarliest: date.earliest,
    dateLatest: date.latest,
    dateGiven: true,
  };
}
