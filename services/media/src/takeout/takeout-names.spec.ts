import { fileExtension, mediaPath, motionPath, picturePath, postPath, safeSegment } from './takeout-names';

describe('takeout names', () => {
  it('keeps UTF-8 and makes what file systems refuse into _', () => {
    expect(safeSegment('Zoë’s birthday 🎂 / party: "big"', 'x')).toBe('Zoë’s birthday 🎂 _ party_ _big_');
    expect(safeSegment('a\\b*c?d<e>f|g', 'x')).toBe('a_b_c_d_e_f_g');
    expect(safeSegment('line\none\ttab\u0000', 'x')).toBe('line one tab');
  });

  it('drops dots and spaces at the ends and falls back when nothing is left', () => {
    expect(safeSegment('  ..hidden.  ', 'x')).toBe('hidden');
    expect(safeSegment(' ... ', 'Untitled')).toBe('Untitled');
  });

  it('cuts long titles by characters, never inside one', () => {
    const cut = safeSegment('🎂'.repeat(100), 'x');
    expect([...cut]).toHaveLength(80);
    expect(cut).toBe('🎂'.repeat(80));
  });

  it("takes the uploader's plain extension, else the kind's", () => {
    expect(fileExtension('IMG_0001.JPG', 'image/jpeg')).toBe('jpg');
    expect(fileExtension('scan', 'image/png')).toBe('png');
    expect(fileExtension('weird.name.!!', 'application/pdf')).toBe('pdf');
    expect(fileExtension(null, null)).toBe('bin');
  });

  it('names files by year, date, title and id', () => {
    const item = { id: 42, title: 'Beach', mediaDate: '2019-07-14', fileName: 'a.heic', contentType: 'image/heic' };
    expect(mediaPath(item)).toBe('media/2019/2019-07-14 Beach (42).heic');
    expect(postPath(item)).toBe('posts/2019/2019-07-14 Beach (42).md');
    expect(picturePath({ id: 7, displayName: 'Anna/Maria' })).toBe('people/Anna_Maria (7).webp');
  });

  it("puts a Live Photo's MOV beside its still under the same name", () => {
    const item = { id: 42, title: 'Beach', mediaDate: '2019-07-14', fileName: 'IMG_1.HEIC', contentType: 'image/heic' };
    expect(motionPath(item, { fileName: 'IMG_1.MOV', contentType: 'video/quicktime' })).toBe(
      'media/2019/2019-07-14 Beach (42).mov',
    );
    const sameExtension = { ...item, fileName: 'odd.mov' };
    expect(motionPath(sameExtension, { fileName: 'IMG_1.MOV', contentType: null })).toBe(
      'media/2019/2019-07-14 Beach (42) motion.mov',
    );
  });
});
