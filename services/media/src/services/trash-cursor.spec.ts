import { BadRequestException } from '@nestjs/common';
import { decodeTrashCursor, encodeTrashCursor } from './trash-cursor';

describe('trash cursor', () => {
  it('reads back the deletion time to the millisecond and the id', () => {
    const position = { deletedAt: new Date('2026-11-25T08:15:06.123Z'), id: 42 };
    expect(decodeTrashCursor(encodeTrashCursor(position))).toEqual(position);
    expect(decodeTrashCursor(undefined)).toBeNull();
  });

  it.each([
    'nonsense',
    Buffer.from('2026-13-45T99:00:00.000Z_1').toString('base64url'),
    Buffer.from('2026-11-25T08:15:06.123Z_99999999999').toString('base64url'),
  ])('refuses %s with a sentence', (cursor) => {
    expect(() => decodeTrashCursor(cursor)).toThrow(BadRequestException);
  });
});
