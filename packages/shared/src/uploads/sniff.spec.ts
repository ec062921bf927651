import { sniffFileType } from './sniff';

describe(sniffFileType.name, () => {
  it('names a file by its magic numbers, whatever it is called', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await sniffFileType(png)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await sniffFileType(Buffer.from('%PDF-1.4\n1 0 obj\n'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('answers null for bytes with no known signature, and for nothing', async () => {
    expect(await sniffFileType(Buffer.from('Dear diary, this is plain text.\n'))).toBeNull();
    expect(await sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});
