import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import exifr from 'exifr';
import { readHeifExif } from './heif-exif';
import { avchdRecordedOn, calendarDateOf, mediaRecordedOn, photoRecordedOn } from './recording-date';

const SAMPLES = resolve(__dirname, '../../../../../shared/media-samples');
const FIXTURES = resolve(__dirname, '../../test/fixtures');

describe(calendarDateOf.name, () => {
  it('reads EXIF and ISO dates as the calendar day they name', () => {
    expect(calendarDateOf('2019:07:04 23:59:59')).toBe('2019-07-04');
    expect(calendarDateOf('2019-07-24T11:25:40+0300')).toBe('2019-07-24');
  });

  it('answers null for an unset camera clock, an impossible day or no text', () => {
    expect(calendarDateOf('0000:00:00 00:00:00')).toBeNull();
    expect(calendarDateOf('2019:02:30 10:00:00')).toBeNull();
    expect(calendarDateOf('    ')).toBeNull();
    expect(calendarDateOf(undefined)).toBeNull();
  });
});

describe(mediaRecordedOn.name, () => {
  it("takes Apple's creation date with its own zone over the UTC creation time", () => {
    // Half past eleven at night in New York is already the next day in UTC.
    const tags = {
      'com.apple.quicktime.creationdate': '2019-12-31T23:30:00-0500',
      creation_time: '2020-01-01T04:30:00.000000Z',
    };
    expect(mediaRecordedOn(tags, [])).toBe('2019-12-31');
  });

  it("falls back to the container's creation time, then a stream's", () => {
    expect(mediaRecordedOn({ creation_time: '2016-08-14T18:30:00.000000Z' }, [])).toBe('2016-08-14');
    expect(mediaRecordedOn({}, [{}, { creation_time: '2015-05-01T08:00:00.000000Z' }])).toBe('2015-05-01');
  });

  it('ignores the zero dates of a camera whose clock was never set', () => {
    expect(mediaRecordedOn({ creation_time: '1904-01-01T00:00:00.000000Z' }, [])).toBeNull();
    expect(mediaRecordedOn({ creation_time: '1970-01-01T00:00:00.000000Z' }, [])).toBeNull();
    expect(mediaRecordedOn({}, [])).toBeNull();
  });
});

describe(avchdRecordedOn.name, () => {
  it("reads a camcorder clip's date from the MDPM block in its video stream", async () => {
    expect(await avchdRecordedOn(`${SAMPLES}/sony-a7m3-avchd.MTS`)).toBe('2019-04-24');
  });

  it('answers null for a transport stream without one', async () => {
    expect(await avchdRecordedOn(`${FIXTURES}/clip.m2t`)).toBeNull();
  });
});

describe(photoRecordedOn.name, () => {
  it('finds the EXIF date of a HEIC far past its first 64 KB', async () => {
    const path = `${SAMPLES}/samsung-s10-grid.heic`;
    const file = await open(path, 'r');
    const head = Buffer.alloc(64 * 1024);
    await file.read(head, 0, head.length, 0);
    await file.close();
    // The EXIF item lies 1.6 MB into the file: the first 64 KB hold no date.
    expect(head.includes(Buffer.from('2020:06:30'))).toBe(false);
    expect(await photoRecordedOn(path, 'image/heic')).toBe('2020-06-30');
  });

  it('reads a camera HEIF that exifr alone does not take (brand heix, not heic)', async () => {
    const path = `${SAMPLES}/sony-a7s3.HIF`;
    await expect(exifr.parse(path)).rejects.toThrow();
    expect(await photoRecordedOn(path, 'image/heic')).toBe('2020-09-14');
  });

  it('reads TIFF scans and answers null for photos without EXIF or damaged ones', async () => {
    expect(await photoRecordedOn(`${FIXTURES}/scan-16bit-2pages.tif`, 'image/tiff')).toBe('1987-06-21');
    expect(await photoRecordedOn(`${SAMPLES}/libheif-example.heic`, 'image/heif')).toBeNull();
    expect(await photoRecordedOn(`${SAMPLES}/corrupt-clap-overflow.heic`, 'image/heic')).toBeNull();
    expect(await photoRecordedOn(`${SAMPLES}/truncated.heic`, 'image/heif')).toBeNull();
  });
});

describe(readHeifExif.name, () => {
  it('gives the EXIF block as a TIFF structure, GPS included', async () => {
    const exif = await readHeifExif(`${FIXTURES}/exif-gps.heic`);
    expect(exif?.toString('latin1', 0, 4)).toMatch(/^(II\*\0|MM\0\*)$/);
    expect((await exifr.gps(exif!))?.latitude).toBeCloseTo(48.858, 2);
  });

  it('answers null for files that are no HEIF at all', async () => {
    expect(await readHeifExif(`${FIXTURES}/letter.pdf`)).toBeNull();
  });
});
