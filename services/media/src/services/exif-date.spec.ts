import sharp from 'sharp';
import { exifDate } from './exif-date';

const photo = (exif?: Record<string, string>) => {
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg();
  return (exif ? image.withExif({ IFD2: exif }) : image).toBuffer();
};

describe(exifDate.name, () => {
  it('reads the day the photo was taken, whatever the time zone', async () => {
    expect(await exifDate(await photo({ DateTimeOriginal: '2019:07:04 23:59:59' }))).toBe('2019-07-04');
  });

  it('answers null without EXIF, with a camera clock never set, or for something that is no photo', async () => {
    expect(await exifDate(await photo())).toBeNull();
    expect(await exifDate(await photo({ DateTimeOriginal: '0000:00:00 00:00:00' }))).toBeNull();
    expect(await exifDate(Buffer.from('%PDF-1.4'))).toBeNull();
  });
});
