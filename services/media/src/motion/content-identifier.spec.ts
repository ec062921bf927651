import { resolve } from 'node:path';
import { withFileSource } from '../processing/byte-source';
import { isLiveHalf, readContentIdentifier } from './content-identifier';

const SAMPLES = resolve(__dirname, '../../../../../shared/media-samples');
const FIXTURES = resolve(__dirname, '../../test/fixtures');

function identifierOf(path: string, contentType: string): Promise<string | null> {
  return withFileSource(path, (source) => readContentIdentifier(source, contentType));
}

describe(readContentIdentifier.name, () => {
  it("reads the content identifier of a real iPhone HEIC from Apple's MakerNote", async () => {
    expect(await identifierOf(resolve(SAMPLES, 'iphone-xr-portrait-grid.HEIC'), 'image/heic')).toBe(
      '0FD24349-014A-423D-AE8D-35FCE43A24E7',
    );
  });

  it('reads the same identifier from a JPEG still and from its MOV', async () => {
    const id = '7D1B1E4C-6E4F-4C2B-9C55-3A0B6F1D2E90';
    expect(await identifierOf(resolve(FIXTURES, 'live-still.jpg'), 'image/jpeg')).toBe(id);
    expect(await identifierOf(resolve(FIXTURES, 'live-motion.mov'), 'video/quicktime')).toBe(id);
  });

  it('finds none in files without one', async () => {
    expect(await identifierOf(resolve(SAMPLES, 'samsung-s10-grid.heic'), 'image/heic')).toBeNull();
    expect(await identifierOf(resolve(SAMPLES, 'iphone6-h264.MOV'), 'video/quicktime')).toBeNull();
    expect(await identifierOf(resolve(FIXTURES, 'motion-photo.jpg'), 'image/jpeg')).toBeNull();
  });
});

describe(isLiveHalf.name, () => {
  it('takes stills and movies only', () => {
    expect(isLiveHalf('image/heic')).toBe('still');
    expect(isLiveHalf('video/quicktime')).toBe('motion');
    expect(isLiveHalf('image/png')).toBeNull();
  });
});
