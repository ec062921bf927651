import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { withFileSource } from '../processing/byte-source';
import { clipLengthsFromXmp, findEmbeddedClip } from './embedded-motion';

const SAMPLES = resolve(__dirname, '../../../../../shared/media-samples');
const FIXTURES = resolve(__dirname, '../../test/fixtures');

async function clipOf(path: string, contentType: string): Promise<Buffer | null> {
  return withFileSource(path, async (source) => {
    const clip = await findEmbeddedClip(source, contentType);
    return clip ? source.read(clip.offset, clip.length) : null;
  });
}

describe(findEmbeddedClip.name, () => {
  it('finds the HEVC clip in the top-level mpvd box of a real Samsung S22 Motion Photo', async () => {
    const clip = await clipOf(resolve(SAMPLES, 'samsung-s22-motion-photo.heic'), 'image/heic');
    expect(clip?.length).toBe(2_193_658);
    expect(clip?.toString('latin1', 4, 8)).toBe('ftyp');
  });

  it('finds the MP4 appended to a JPEG Motion Photo by the length its XMP gives', async () => {
    const clip = await clipOf(resolve(FIXTURES, 'motion-photo.jpg'), 'image/jpeg');
    const file = await readFile(resolve(FIXTURES, 'motion-photo.jpg'));
    expect(clip?.toString('latin1', 4, 8)).toBe('ftyp');
    expect(file.subarray(file.length - clip!.length).equals(clip!)).toBe(true);
  });

  it('finds nothing in a photo without motion', async () => {
    expect(await clipOf(resolve(FIXTURES, 'live-still.jpg'), 'image/jpeg')).toBeNull();
    expect(await clipOf(resolve(SAMPLES, 'iphone-xr-portrait-grid.HEIC'), 'image/heic')).toBeNull();
  });
});

describe(clipLengthsFromXmp.name, () => {
  it('reads a Container directory written with elements, and an old MicroVideo offset', () => {
    const directory = `<GCamera:MotionPhoto>1</GCamera:MotionPhoto><Container:Item><Item:Semantic>MotionPhoto</Item:Semantic>
      <Item:Length>1234</Item:Length><Item:Padding>8</Item:Padding></Container:Item>`;
    expect(clipLengthsFromXmp(directory)).toEqual([{ length: 1234, padding: 8 }]);
    expect(clipLengthsFromXmp('GCamera:MicroVideo="1" GCamera:MicroVideoOffset="5678"')).toEqual([
      { length: 5678, padding: 0 },
    ]);
  });

  it('ignores a directory when the photo does not say it moves', () => {
    expect(clipLengthsFromXmp('GCamera:MotionPhoto="0" Item:Semantic="MotionPhoto" Item:Length="10"')).toEqual([]);
  });
});
