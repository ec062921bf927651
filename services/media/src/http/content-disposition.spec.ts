import { contentDisposition, extensionFor, isInlineType } from './content-disposition';

describe(contentDisposition.name, () => {
  it('keeps a plain name as it is', () => {
    expect(contentDisposition('inline', 'beach.jpg', 'media-1', 'jpg')).toBe(
      `inline; filename="beach.jpg"; filename*=UTF-8''beach.jpg`,
    );
  });

  it('gives non-ASCII names an ASCII fallback and the original in filename*', () => {
    expect(contentDisposition('attachment', 'Größe – Ω.pdf', 'media-2', 'pdf')).toBe(
      `attachment; filename="Gro_e _ _.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%E2%80%93%20%CE%A9.pdf`,
    );
  });

  it('never lets quotes, separators, control characters or header syntax through', () => {
    const header = contentDisposition('attachment', 'a"b;c\\d/e\r\nSet-Cookie: x=1.txt', 'media-3', 'txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('filename=')[1]).toMatch(/^"[^"\\;]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
  });

  it("keeps a camera's own name for the same kind of file", () => {
    expect(contentDisposition('attachment', 'IMG_0042.HEIC', 'media-7', 'heif')).toMatch(/filename="IMG_0042.HEIC"/);
    expect(contentDisposition('attachment', '00001.MTS', 'media-8', extensionFor('video/mp2t'))).toMatch(
      /filename="00001.MTS"/,
    );
    expect(contentDisposition('attachment', 'scan.tiff', 'media-9', extensionFor('image/tiff'))).toMatch(
      /filename="scan.tiff"/,
    );
    expect(contentDisposition('attachment', 'page.html', 'media-10', 'jpg')).toMatch(/filename="page.html.jpg"/);
  });

  it('falls back to a made-up name and adds the right extension', () => {
    expect(contentDisposition('attachment', null, 'media-4', 'docx')).toBe(
      `attachment; filename="media-4.docx"; filename*=UTF-8''media-4.docx`,
    );
    expect(contentDisposition('inline', 'IMG_1', 'media-5', 'jpg')).toMatch(/filename="IMG_1.jpg"/);
    expect(contentDisposition('inline', '日本', 'media-6', 'png')).toMatch(
      /^inline; filename="__.png"; filename\*=UTF-8''%E6%97%A5%E6%9C%AC.png$/,
    );
  });
});

describe(isInlineType.name, () => {
  it('shows pictures, video, sound and PDF; offers the rest as downloads', () => {
    expect(['image/png', 'video/mp4', 'audio/wav', 'application/pdf'].every(isInlineType)).toBe(true);
    expect(isInlineType('text/plain; charset=utf-8')).toBe(false);
    expect(isInlineType('application/msword')).toBe(false);
  });
});

describe(extensionFor.name, () => {
  it.each([
    ['image/jpeg', 'jpg'],
    ['image/png', 'png'],
    ['video/quicktime', 'mov'],
    ['text/plain; charset=utf-8', 'txt'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    [null, null],
  ])('%s -> %s', (type, ext) => {
    expect(extensionFor(type)).toBe(ext);
  });
});
