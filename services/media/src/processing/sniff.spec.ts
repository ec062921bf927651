import { open, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import {
  acceptKind,
  KIND_MESSAGES,
  looksLikeUtf8Text,
  NOT_MEDIA_MESSAGE,
  refusalMessage,
  SNIFF_BYTES,
  sniffKind,
} from './sniff';

const SAMPLES = resolve(__dirname, '../../../../../shared/media-samples');
const FIXTURES = resolve(__dirname, '../../test/fixtures');
const declared = (fileName: string, mimeType = '') => ({ fileName, mimeType });

/** The first SNIFF_BYTES of a file, as an upload hands them over. */
async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

describe(sniffKind.name, () => {
  it.each([
    ['samples/iphone-xr-portrait-grid.HEIC', 'photo', 'image/heic'],
    ['samples/samsung-s10-grid.heic', 'photo', 'image/heic'],
    ['samples/samsung-s22-motion-photo.heic', 'photo', 'image/heic'],
    ['samples/xiaomi-grid.heic', 'photo', 'image/heic'],
    ['samples/sony-a7s3.HIF', 'photo', 'image/heic'],
    ['samples/libheif-example.heic', 'photo', 'image/heif'],
    ['samples/truncated.heic', 'photo', 'image/heif'],
    // Damaged inside but HEIC by their first bytes: accepted here, they end failed with a sentence when prepared.
    ['samples/corrupt-fuzz-1.heic', 'photo', 'image/heic'],
    ['samples/corrupt-clap-overflow.heic', 'photo', 'image/heic'],
    ['samples/iphone14pro-hevc-hdr.MOV', 'video', 'video/quicktime'],
    ['samples/iphone6-h264.MOV', 'video', 'video/quicktime'],
    ['samples/sony-a7m3-avchd.MTS', 'video', 'video/mp2t'],
    ['fixtures/exif-gps.heic', 'photo', 'image/heic'],
    ['fixtures/scan-16bit-2pages.tif', 'photo', 'image/tiff'],
    ['fixtures/picture.bmp', 'photo', 'image/bmp'],
    ['fixtures/clip.mp4', 'video', 'video/mp4'],
    ['fixtures/clip-dated.mov', 'video', 'video/quicktime'],
    ['fixtures/clip.m4v', 'video', 'video/x-m4v'],
    ['fixtures/clip.webm', 'video', 'video/webm'],
    ['fixtures/clip.mkv', 'video', 'video/matroska'],
    ['fixtures/clip.avi', 'video', 'video/vnd.avi'],
    ['fixtures/clip.3gp', 'video', 'video/3gpp'],
    ['fixtures/clip.wmv', 'video', 'video/x-ms-asf'],
    ['fixtures/clip.mpg', 'video', 'video/MP2P'],
    ['fixtures/clip.m2t', 'video', 'video/mp2t'],
    ['fixtures/tone.mp3', 'audio', 'audio/mpeg'],
    ['fixtures/tone.m4a', 'audio', 'audio/x-m4a'],
    ['fixtures/tone.wav', 'audio', 'audio/wav'],
    ['fixtures/tone.flac', 'audio', 'audio/flac'],
    ['fixtures/tone.ogg', 'audio', 'audio/ogg'],
    ['fixtures/tone.opus', 'audio', 'audio/ogg; codecs=opus'],
    ['fixtures/tone.amr', 'audio', 'audio/amr'],
    ['fixtures/tone.wma', 'audio', 'audio/x-ms-asf'],
    ['fixtures/letter.pdf', 'document', 'application/pdf'],
    ['fixtures/letter.docx', 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['fixtures/letter.odt', 'document', 'application/vnd.oasis.opendocument.text'],
    ['fixtures/letter.txt', 'document', 'text/plain'],
  ])('knows %s as a %s (%s) from its first bytes', async (file, kind, mime) => {
    const path = file.startsWith('samples/') ? `${SAMPLES}/${file.slice(8)}` : `${FIXTURES}/${file.slice(9)}`;
    const sniffed = await sniffKind(await headOf(path), declared(file));
    expect(sniffed).toMatchObject({ kind, mime });
  });

  it('names a file by its first bytes, not by its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(await sniffKind(pdf, declared('photo.jpg', 'image/jpeg'))).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
      kind: 'document',
    });
  });

  it('knows the photos sharp writes: JPEG, PNG, GIF, WebP, AVIF', async () => {
    const pixels = sharp({ create: { width: 16, height: 16, channels: 3, background: '#369' } });
    for (const [format, mime] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      const bytes = await pixels.clone().toFormat(format).toBuffer();
      expect(await sniffKind(bytes, declared(`a.${format}`))).toMatchObject({ kind: 'photo', mime });
    }
  });

  it('takes a TIFF of any size, though its directory lies far past the sniffed bytes', async () => {
    const width = 1200;
    const height = 1000;
    const scan = await sharp(Buffer.alloc(width * height * 3, 0x80), { raw: { width, height, channels: 3 } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(scan.length).toBeGreaterThan(3_000_000);
    // libtiff writes the directory after the pixels: far beyond the head.
    expect(scan.readUInt32LE(4)).toBeGreaterThan(SNIFF_BYTES);
    expect(await sniffKind(scan.subarray(0, SNIFF_BYTES), declared('scan.tif'))).toEqual({
      mime: 'image/tiff',
      ext: 'tif',
      kind: 'photo',
    });
  });

  it('takes plain text only when it is declared as text and is valid UTF-8 without NUL', async () => {
    const text = await readFile(`${FIXTURES}/letter.txt`);
    expect(await sniffKind(text, declared('letter.txt'))).toEqual({ mime: 'text/plain', ext: 'txt', kind: 'document' });
    expect(await sniffKind(text, declared('letter', 'text/plain'))).toMatchObject({ kind: 'document' });
    expect(await sniffKind(text, declared('letter.dat'))).toBeNull();
    expect(await sniffKind(Buffer.from([0x41, 0x00, 0x42]), declared('x.txt'))).toBeNull();
    expect(await sniffKind(Buffer.from([0xc3, 0x28]), declared('x.txt'))).toBeNull();
  });

  it('knows formats the archive does not keep, with no kind', async () => {
    expect(await sniffKind(await readFile(`${FIXTURES}/archive.zip`), declared('a.zip'))).toMatchObject({
      ext: 'zip',
      kind: null,
    });
    expect(await sniffKind(await headOf(process.execPath), declared('node'))).toMatchObject({ ext: 'elf', kind: null });
  });
});

describe(looksLikeUtf8Text.name, () => {
  it('accepts a character cut in half at the end of the head', () => {
    const cut = Buffer.from('é', 'utf8').subarray(0, 1);
    expect(looksLikeUtf8Text(Buffer.concat([Buffer.from('abc'), cut]))).toBe(true);
  });
});

describe(acceptKind.name, () => {
  const sniffed = (mime: string, ext: string, kind: 'photo' | 'video' | 'audio' | 'document' | null) => ({
    mime,
    ext,
    kind,
  });

  it('matches each media type with its kinds of file, served under a browser-known type', () => {
    expect(acceptKind('photo', sniffed('image/heic', 'heic', 'photo'), declared('a.heic'))).toEqual({
      contentType: 'image/heic',
      ext: 'heic',
    });
    expect(acceptKind('photo', sniffed('image/tiff', 'tif', 'photo'), declared('scan.tif'))?.contentType).toBe(
      'image/tiff',
    );
    expect(acceptKind('photo', sniffed('video/mp4', 'mp4', 'video'), declared('a.jpg'))).toBeNull();
    expect(acceptKind('video', sniffed('video/MP2P', 'mpg', 'video'), declared('a.mpg'))).toEqual({
      contentType: 'video/mpeg',
      ext: 'mpg',
    });
    expect(acceptKind('video', sniffed('video/x-ms-asf', 'asf', 'video'), declared('a.wmv'))?.contentType).toBe(
      'video/x-ms-wmv',
    );
    expect(acceptKind('audio', sniffed('audio/x-ms-asf', 'asf', 'audio'), declared('a.wma'))?.contentType).toBe(
      'audio/x-ms-wma',
    );
    expect(acceptKind('audio', sniffed('audio/x-m4a', 'm4a', 'audio'), declared('a.m4a'))?.contentType).toBe(
      'audio/mp4',
    );
    expect(acceptKind('audio', sniffed('audio/amr', 'amr', 'audio'), declared('memo.amr'))?.contentType).toBe(
      'audio/amr',
    );
    expect(acceptKind('post', sniffed('image/png', 'png', 'photo'), declared('a.png'))?.contentType).toBe('image/png');
    expect(acceptKind('post', null, declared('a.png'))).toBeNull();
  });

  it('takes an ASF file whose stream list lies past the head as the type chosen', () => {
    const asf = sniffed('application/vnd.ms-asf', 'asf', 'video');
    expect(acceptKind('video', asf, declared('a.wmv'))?.contentType).toBe('video/x-ms-wmv');
    expect(acceptKind('audio', asf, declared('a.wma'))?.contentType).toBe('audio/x-ms-wma');
  });

  it('takes a voice memo in an MP4, WebM or 3GP container as audio when the browser says it is sound', () => {
    expect(acceptKind('audio', sniffed('video/webm', 'webm', 'video'), declared('memo.webm', 'audio/webm'))).toEqual({
      contentType: 'audio/webm',
      ext: 'webm',
    });
    expect(acceptKind('audio', sniffed('video/3gpp', '3gp', 'video'), declared('memo.3gp', 'audio/3gpp'))).toEqual({
      contentType: 'audio/3gpp',
      ext: '3gp',
    });
    expect(acceptKind('audio', sniffed('video/webm', 'webm', 'video'), declared('clip.webm', 'video/webm'))).toBeNull();
  });

  it('names sound in a container by its bytes, never by the type the browser declared', () => {
    expect(acceptKind('audio', sniffed('video/mp4', 'mp4', 'video'), declared('a.mp4', 'audio/x-anything'))).toEqual({
      contentType: 'audio/mp4',
      ext: 'mp4',
    });
    expect(
      acceptKind('audio', sniffed('video/webm', 'webm', 'video'), declared('a.webm', 'audio/svg+xml'))?.contentType,
    ).toBe('audio/webm');
  });

  it('takes PDF, Word, OpenDocument and plain text as documents, and nothing else', () => {
    expect(acceptKind('document', sniffed('application/pdf', 'pdf', 'document'), declared('a.pdf'))?.contentType).toBe(
      'application/pdf',
    );
    expect(
      acceptKind('document', sniffed('application/vnd.oasis.opendocument.text', 'odt', 'document'), declared('a.odt')),
    ).toEqual({ contentType: 'application/vnd.oasis.opendocument.text', ext: 'odt' });
    expect(acceptKind('document', sniffed('application/x-cfb', 'cfb', null), declared('old.doc'))?.contentType).toBe(
      'application/msword',
    );
    expect(acceptKind('document', sniffed('application/x-cfb', 'cfb', null), declared('sheet.xls'))).toBeNull();
    expect(acceptKind('document', sniffed('application/zip', 'zip', null), declared('new.docx'))?.ext).toBe('docx');
    expect(acceptKind('document', sniffed('application/zip', 'zip', null), declared('photos.zip'))).toBeNull();
    expect(acceptKind('document', sniffed('text/plain', 'txt', 'document'), declared('a.txt'))?.contentType).toBe(
      'text/plain; charset=utf-8',
    );
    expect(acceptKind('document', sniffed('image/png', 'png', 'photo'), declared('a.png'))).toBeNull();
  });

  it('refuses pictures the archive cannot show, even under a photo type', () => {
    expect(acceptKind('photo', sniffed('image/vnd.adobe.photoshop', 'psd', null), declared('a.psd'))).toBeNull();
    expect(acceptKind('photo', sniffed('image/x-canon-cr2', 'cr2', null), declared('a.cr2'))).toBeNull();
  });

  it('keeps other videos and recordings ffmpeg converts, as it always did', async () => {
    const flv = Buffer.concat([Buffer.from('FLV\u0001\u0005\u0000\u0000\u0000\u0009', 'latin1'), Buffer.alloc(64)]);
    const sniffedFlv = await sniffKind(flv, declared('old.flv'));
    expect(sniffedFlv).toMatchObject({ mime: 'video/x-flv', kind: 'video' });
    expect(acceptKind('video', sniffedFlv, declared('old.flv'))).toEqual({ contentType: 'video/x-flv', ext: 'flv' });
    expect(acceptKind('audio', sniffed('audio/aiff', 'aif', 'audio'), declared('a.aif'))?.contentType).toBe(
      'audio/aiff',
    );
    expect(acceptKind('audio', sniffed('audio/midi', 'mid', null), declared('song.mid'))).toBeNull();
  });
});

describe(refusalMessage.name, () => {
  it("keeps the type's own sentence for a kept format of another kind or for unknown bytes", () => {
    expect(refusalMessage('audio', { mime: 'image/jpeg', ext: 'jpg', kind: 'photo' })).toBe(KIND_MESSAGES.audio);
    expect(refusalMessage('photo', null)).toBe(KIND_MESSAGES.photo);
  });

  it('names what a known but refused file is, and what to do instead', async () => {
    const psd = Buffer.concat([Buffer.from('8BPS\u0000\u0001', 'latin1'), Buffer.alloc(40)]);
    const cr2 = Buffer.concat([
      Buffer.from('II*\u0000\u0010\u0000\u0000\u0000CR\u0002\u0000', 'latin1'),
      Buffer.alloc(64),
    ]);
    const cases: Array<[Buffer, string]> = [
      [
        cr2,
        'This is a camera RAW file (CR2), which browsers cannot show. Upload the JPEG or HEIC the camera made, or export one.',
      ],
      [psd, 'This picture is a PSD file, which the archive cannot show. Save it as JPEG or PNG and upload that.'],
      [
        await readFile(`${FIXTURES}/archive.zip`),
        'This is a compressed archive (ZIP). Unpack it and upload the photos, videos, sounds and documents inside.',
      ],
      [await headOf(process.execPath), 'This is a program, and the archive keeps no programs.'],
    ];
    for (const [bytes, sentence] of cases) {
      expect(refusalMessage('photo', await sniffKind(bytes, declared('upload')))).toBe(sentence);
    }
    expect(refusalMessage('audio', { mime: 'audio/midi', ext: 'mid', kind: null })).toBe(
      'This is a MID file: it holds notes, not a recording. Record it as MP3, M4A or WAV and upload that.',
    );
    expect(refusalMessage('document', { mime: 'application/x-sqlite3', ext: 'sqlite', kind: null })).toBe(
      NOT_MEDIA_MESSAGE,
    );
  });
});
