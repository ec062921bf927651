import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import yazl from 'yazl';
import { GedcomTooLargeError } from '../gedcom-format/data';
import { openZipPackage } from './package';

describe('a GEDZIP', () => {
  let folder: string;
  let zipPath: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'gedcom-package-spec-'));
    zipPath = join(folder, 'family.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('0 HEAD\n0 TRLR\n'), 'family.ged');
    zip.addBuffer(Buffer.alloc(60_000, 'a'), 'photos/pic.jpg', { compress: false });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(zipPath));
  });

  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('finds one entry by the tail of any path that names it', async () => {
    const pkg = await openZipPackage(zipPath);
    try {
      const names = ['C:\\d1\\photos\\pic.jpg', 'D:\\x\\y\\photos\\pic.jpg', 'photos/pic.jpg'].map((path) =>
        pkg.findMedia(path),
      );
      expect(names.map((entry) => entry?.name)).toEqual(['photos/pic.jpg', 'photos/pic.jpg', 'photos/pic.jpg']);
    } finally {
      pkg.close();
    }
  });

  it('counts the bytes unpacked across entries and reads, and refuses past the import’s cap', async () => {
    const pkg = await openZipPackage(zipPath, 100_000);
    try {
      expect(await text(await pkg.gedcom())).toBe('0 HEAD\n0 TRLR\n');
      const picture = pkg.findMedia('photos/pic.jpg')!;
      expect((await text(await picture.open())).length).toBe(60_000);
      // The same entry again passes the cap: every byte read out of the ZIP counts.
      await expect(text(await picture.open())).rejects.toThrow(GedcomTooLargeError);
    } finally {
      pkg.close();
    }
  });
});
