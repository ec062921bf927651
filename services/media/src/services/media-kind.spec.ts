import { acceptKind, looksLikeUtf8Text, sniffKind } from './media-kind';

const declared = (fileName: string, mimeType = '') => ({ fileName, mimeType });

describe(sniffKind.name, () => {
  it('names a file by its first bytes, not by its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(await sniffKind(pdf, declared('photo.jpg', 'image/jpeg'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('takes plain text only when it is declared as text and is valid UTF-8 without NUL', async () => {
    const text = Buffer.from('Dear family,\nCrème brûlée.\n');
    expect(await sniffKind(text, declared('letter.txt'))).toEqual({ mime: 'text/plain', ext: 'txt' });
    expect(await sniffKind(text, declared('letter', 'text/plain'))).toEqual({ mime: 'text/plain', ext: 'txt' });
    expect(await sniffKind(text, declared('letter.dat'))).toBeNull();
    expect(await sniffKind(Buffer.from([0x41, 0x00, 0x42]), declared('x.txt'))).toBeNull();
    expect(await sniffKind(Buffer.from([0xc3, 0x28]), declared('x.txt'))).toBeNull();
  });
});

describe(looksLikeUtf8Text.name, () => {
  it('accepts a character cut in half at the end of the head', () => {
    const cut = Buffer.from('é', 'utf8').subarray(0, 1);
    expect(looksLikeUtf8Text(Buffer.concat([Buffer.from('abc'), cut]))).toBe(true);
  });
});

describe(acceptKind.name, () => {
  it('matches each media type with its kinds of file', () => {
    expect(acceptKind('photo', { mime: 'image/heic', ext: 'heic' }, declared('a.heic'))).toEqual({
      contentType: 'image/heic',
      ext: 'heic',
    });
    expect(acceptKind('photo', { mime: 'video/mp4', ext: 'mp4' }, declared('a.jpg'))).toBeNull();
    expect(acceptKind('video', { mime: 'video/mp4', ext: 'mp4' }, declared('a.mp4'))).toEqual({
      contentType: 'video/mp4',
      ext: 'mp4',
    });
    expect(acceptKind('audio', { mime: 'audio/mpeg', ext: 'mp3' }, declared('a.mp3'))).toEqual({
      contentType: 'audio/mpeg',
      ext: 'mp3',
    });
    expect(acceptKind('post', { mime: 'image/png', ext: 'png' }, declared('a.png'))).toEqual({
      contentType: 'image/png',
      ext: 'png',
    });
    expect(acceptKind('post', null, declared('a.png'))).toBeNull();
  });

  it('takes a voice memo in an MP4 or WebM container as audio when the browser says it is sound', () => {
    expect(acceptKind('audio', { mime: 'video/webm', ext: 'webm' }, declared('memo.webm', 'audio/webm'))).toEqual({
      contentType: 'audio/webm',
      ext: 'webm',
    });
    expect(acceptKind('audio', { mime: 'video/webm', ext: 'webm' }, declared('clip.webm', 'video/webm'))).toBeNull();
  });

  it('serves sound in a container with the type its bytes show, never the type the uploader declared', () => {
    const sniffedMp4 = { mime: 'video/mp4', ext: 'mp4' };
    for (const claimed of ['audio/x-anything', 'audio/html; text/html', 'audio/webm']) {
      expect(acceptKind('audio', sniffedMp4, declared('memo.m4a', claimed))).toEqual({
        contentType: 'audio/mp4',
        ext: 'mp4',
      });
    }
    expect(
      acceptKind('audio', { mime: 'video/webm', ext: 'webm' }, declared('memo.webm', 'audio/svg+xml'))?.contentType,
    ).toBe('audio/webm');
  });

  it('takes PDF, Word and plain text as documents, and nothing else', () => {
    expect(acceptKind('document', { mime: 'application/pdf', ext: 'pdf' }, declared('a.pdf'))?.contentType).toBe(
      'application/pdf',
    );
    expect(acceptKind('document', { mime: 'application/x-cfb', ext: 'cfb' }, declared('old.doc'))?.contentType).toBe(
      'application/msword',
    );
    expect(acceptKind('document', { mime: 'application/x-cfb', ext: 'cfb' }, declared('sheet.xls'))).toBeNull();
    expect(acceptKind('document', { mime: 'application/zip', ext: 'zip' }, declared('new.docx'))?.ext).toBe('docx');
    expect(acceptKind('document', { mime: 'application/zip', ext: 'zip' }, declared('photos.zip'))).toBeNull();
    expect(acceptKind('document', { mime: 'text/plain', ext: 'txt' }, declared('a.txt'))?.contentType).toBe(
      'text/plain; charset=utf-8',
    );
    expect(acceptKind('document', { mime: 'image/png', ext: 'png' }, declared('a.png'))).toBeNull();
  });
});
