import { BadRequestException } from '@nestjs/common';
import { MAX_ID } from '@family/shared';
import type { TrashPosition } from '../repositories/trash.repository';

/** The position after the last item of a trash page (when it was deleted, to the millisecond, and its id). */
export function encodeTrashCursor(position: TrashPosition): string {
  return Buffer.from(`${position.deletedAt.toISOString()}_${position.id}`).toString('base64url');
}

export function decodeTrashCursor(cursor: string | undefined): TrashPosition | null {
  if (!cursor) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,10})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  const deletedAt = match ? new Date(match[1]) : null;
  const id = match ? Number(match[2]) : NaN;
  if (!deletedAt || Number.isNaN(deletedAt.getTime()) || !Number.isSafeInteger(id) || id > MAX_ID) {
    throw new BadRequestException('The page cursor is not valid. Load the list again from the start.');
  }
  return { deletedAt, id };
}
