import { BadRequestException } from '@nestjs/common';
import { isCalendarDate, MAX_ID } from '@family/shared';
import type { PagePosition } from '../repositories/media-list.repository';

/** The position after the last item of a page, as an opaque string for `?cursor=`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.mediaDate}_${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): PagePosition | null {
  if (!cursor) return null;
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[2]) : NaN;
  if (!match || !isCalendarDate(match[1]) || !Number.isSafeInteger(id) || id > MAX_ID) {
    throw new BadRequestException('The page cursor is not valid. Load the list again from the start.');
  }
  return { mediaDate: match[1], id };
}
