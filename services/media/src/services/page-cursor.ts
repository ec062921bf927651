import { BadRequestException } from '@nestjs/common';
import { isCalendarDate, MAX_ID } from '@family/shared';
import type { PagePosition } from '../repositories/media-list.repository';

/** The position after the last item of a page, as an opaque string for `?cursor=`. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.mediaDate}_${position.id}`).toString('base64url');
}

/** A list by upload (`uploadedSince`) goes on after an id alone: `upload` stands where the date would. */
export const UPLOAD_ORDER = 'upload';

export function decodeCursor(cursor: string | undefined): PagePosition | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const byUpload = /^upload_(\d{1,10})$/.exec(text);
  if (byUpload && Number(byUpload[1]) <= MAX_ID) return { mediaDate: UPLOAD_ORDER, id: Number(byUpload[1]) };
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/.exec(text);
  const id = match ? Number(match[2]) : NaN;
  if (!match || !isCalendarDate(match[1]) || !Number.isSafeInteger(id) || id > MAX_ID) {
    throw new BadRequestException('The page cursor is not valid. Load the list again from the start.');
  }
  return { mediaDate: match[1], id };
}
