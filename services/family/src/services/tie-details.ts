import { BadRequestException } from '@nestjs/common';
import {
  CHILD_TIE_KINDS,
  PARTNERSHIP_KINDS,
  type LifeEvent,
  type RelationType,
  type TieDetails,
} from '@family/contract';
import { parseGenealogicalDate, sqlDay } from '@family/shared';
import type { TieColumns } from '../repositories/relation.repository';

/** A date's text with the days it can mean; 400 with the grammar's reason when it is not a date. */
function dateColumns(which: string, event: LifeEvent | null) {
  const text = event?.date ?? null;
  if (!text) return { date: null, earliest: null, latest: null, place: event?.place ?? null };
  const parsed = parseGenealogicalDate(text);
  if (!parsed.valid)
    throw new BadRequestException(`The ${which} date "${text}" is not a genealogical date: ${parsed.reason}`);
  return {
    date: text,
    earliest: sqlDay(parsed.date.earliest),
    latest: sqlDay(parsed.date.latest),
    place: event?.place ?? null,
  };
}

/**
 * The columns genealogy adds to a relation of `relationType`, from what was sent (undefined: unchanged).
 * A kind must fit the type; a sibling takes no details; only a partnership has a current flag and dates.
 */
export function tieColumns(relationType: RelationType, details: TieDetails): TieColumns {
  const { kind, current, start, end } = details;
  const given = kind !== undefined || current !== undefined || start !== undefined || end !== undefined;
  if (relationType === 'sibling') {
    if (given) throw new BadRequestException('A sibling relation has no kind, dates or places.');
    return {};
  }
  if (relationType === 'parent' || relationType === 'child') {
    if (kind !== undefined && !(CHILD_TIE_KINDS as readonly string[]).includes(kind)) {
      throw new BadRequestException('A parent or child is tied by birth, adopted, foster or step.');
    }
    if (current !== undefined || start !== undefined || end !== undefined) {
      throw new BadRequestException('Only a partnership has dates, places and a current one.');
    }
    return kind === undefined ? {} : { kind };
  }
  if (kind !== undefined && !(PARTNERSHIP_KINDS as readonly string[]).includes(kind)) {
    throw new BadRequestException('A partnership is married, divorced, widowed or unmarried.');
  }
  const columns: TieColumns = { kind, isCurrent: current };
  if (start !== undefined) {
    const day = dateColumns('marriage', start);
    Object.assign(columns, {
      startDate: day.date,
      startEarliest: day.earliest,
      startLatest: day.latest,
      startPlace: day.place,
    });
  }
  if (end !== undefined) {
    const day = dateColumns('divorce', end);
    Object.assign(columns, {
      endDate: day.date,
      endEarliest: day.earliest,
      endLatest: day.latest,
      endPlace: day.place,
    });
  }
  return columns;
}
