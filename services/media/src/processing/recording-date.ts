/**
 * The day a photo was taken or a video recorded, as a calendar date ('YYYY-MM-DD'). Dates are read from their
 * text as the camera wrote it (local time, or with the zone it names), so no time zone of the server can move
 * them to another day.
 */
import { open } from 'node:fs/promises';
import exifr from 'exifr';
import { readHeifExif } from './heif-exif';

const EXIF_DATE_TAGS = ['DateTimeOriginal', 'CreateDate', 'DateTimeDigitized', 'ModifyDate'];
const ISO_BMFF_IMAGES = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/avif',
]);

/** From EXIF (JPEG, TIFF, PNG, WebP, HEIC/HEIF, AVIF), wherever in the file it lies; null without one. */
export async function photoRecordedOn(path: string, contentType: string): Promise<string | null> {
  try {
    const source = ISO_BMFF_IMAGES.has(contentType) ? await readHeifExif(path) : path;
    if (!source) return null;
    const tags = (await exifr.parse(source, { pick: EXIF_DATE_TAGS, reviveValues: false })) as
      Record<string, unknown> | undefined;
    if (!tags) return null;
    for (const name of EXIF_DATE_TAGS) {
      const date = calendarDateOf(tags[name]);
      if (date) return date;
    }
  } catch {
    // No EXIF, or a damaged block: no date from the photo.
  }
  return null;
}

/**
 * From a video's or recording's container tags as ffprobe lists them: Apple's creationdate carries the local
 * time with its own zone, so its date is the one the family saw; QuickTime/MP4 creation_time is UTC.
 */
export function mediaRecordedOn(
  formatTags: Record<string, string>,
  streamTags: Array<Record<string, string>>,
): string | null {
  const candidates = [
    formatTags['com.apple.quicktime.creationdate'],
    formatTags['creation_time'],
    ...streamTags.map((tags) => tags['creation_time']),
  ];
  for (const text of candidates) {
    const date = calendarDateOf(text);
    // An unset clock is written as the epoch of the format (1904 or 1970): no video was recorded before 1971.
    if (date && date >= '1971-01-01') return date;
  }
  return null;
}

/** The UUID that starts a Sony/Panasonic AVCHD "MDPM" block in an H.264 SEI message. */
const MDPM_MARKER = Buffer.from('17ee8c60f84d11d98cd60800200c9a664d44504d', 'hex');
const MDPM_SCAN_BYTES = 1024 * 1024;

/**
 * An AVCHD camcorder clip (.mts/.m2ts) has no container date: the camera writes it into the video stream's SEI
 * (the MDPM block), tag 0x18 holding the zone, year and month, tag 0x19 the day and time, all in BCD.
 */
export async function avchdRecordedOn(path: string): Promise<string | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(MDPM_SCAN_BYTES);
    const { bytesRead } = await file.read(head, 0, MDPM_SCAN_BYTES, 0);
    const at = head.subarray(0, bytesRead).indexOf(MDPM_MARKER);
    if (at < 0) return null;
    const block = withoutEmulationPrevention(head.subarray(at + MDPM_MARKER.length, at + MDPM_MARKER.length + 256));
    const count = block[0];
    let yearMonth: Buffer | undefined;
    let dayTime: Buffer | undefined;
    for (let entry = 0; entry < count && 1 + entry * 5 + 5 <= block.length; entry++) {
      const position = 1 + entry * 5;
      if (block[position] === 0x18) yearMonth = block.subarray(position + 1, position + 5);
      if (block[position] === 0x19) dayTime = block.subarray(position + 1, position + 5);
    }
    if (!yearMonth || !dayTime) return null;
    const text = `${bcd(yearMonth[1])}${bcd(yearMonth[2])}:${bcd(yearMonth[3])}:${bcd(dayTime[0])}`;
    return calendarDateOf(text);
  } finally {
    await file.close();
  }
}

/** H.264 inserts 0x03 after two zero bytes inside a NAL unit so the payload never looks like a start code. */
function withoutEmulationPrevention(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 3 && i >= 2 && bytes[i - 1] === 0 && bytes[i - 2] === 0) continue;
    out.push(bytes[i]);
  }
  return Buffer.from(out);
}

function bcd(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

/** 'YYYY:MM:DD ...' or 'YYYY-MM-DD...' as a real calendar day from 1800 on, else null (cameras write 0000:00:00). */
export function calendarDateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date || date < '1800-01-01') return null;
  return date;
}
