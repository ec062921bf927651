import { BadRequestException } from '@nestjs/common';
import { decodeCursor, encodeCursor } from './page-cursor';

describe(encodeCursor.name, () => {
  it('round-trips a position', () => {
    const position = { mediaDate: '2024-02-29', id: 123456 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor(undefined)).toBeNull();
  });

  it.each([
    'x',
    Buffer.from('2024-02-30_1').toString('base64url'),
    Buffer.from('2024-01-01_99999999999').toString('base64url'),
  ])('refuses the cursor %s with 400', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(BadRequestException);
  });
});
