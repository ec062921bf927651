/**
 * The Apple content identifier that ties an iPhone Live Photo's still to its MOV (docs/architecture.md "Motion and
 * Live Photos"): in the still (HEIC or JPEG), tag 0x0011 of Apple's MakerNote (exiftool's `ContentIdentifier`,
 * `MediaGroupUUID` in exiftool 12.57, Debian bookworm's); in the MOV, the QuickTime metadata key
 * `com.apple.quicktime.content.identifier`. Only the parts of the file that hold them are read.
 */
import exifr from 'exifr';
import { readHeifExif } from '../processing/heif-exif';
import { type ByteSource, boxesOf } from '../processing/byte-source';

const MOV_KEY = 'com.apple.quicktime.content.identifier';
const APPLE_MAKER_NOTE = Buffer.from('Apple iOS\0', 'latin1');
const CONTENT_IDENTIFIER_TAG = 0x0011;
/** EXIF lies in a JPEG's first segment, at most 64 KB. */
const JPEG_EXIF_BYTES = 128 * 1024;
/** A MOV's metadata is small; a `moov` much larger than this is not read. */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;
const MAX_IDENTIFIER_LENGTH = 100;
const STILL_TYPES = new Set(['image/jpeg', 'image/heic', 'image/heif']);
const MOVIE_TYPES = new Set(['video/quicktime', 'video/mp4']);

/** Whether a file of this type can be one half of a Live Photo. */
export function isLiveHalf(contentType: string): 'still' | 'motion' | null {
  if (STILL_TYPES.has(contentType)) return 'still';
  if (MOVIE_TYPES.has(contentType)) return 'motion';
  return null;
}

/** The content identifier, or null when the file has none (or cannot be read). */
export async function readContentIdentifier(source: ByteSource, contentType: string): Promise<string | null> {
  try {
    const half = isLiveHalf(contentType);
    const found =
      half === 'still' ? await stillIdentifier(source, contentType) : half ? await movIdentifier(source) : null;
    const cleaned = found?.replace(/\0+$/, '').trim();
    return cleaned && cleaned.length <= MAX_IDENTIFIER_LENGTH ? cleaned : null;
  } catch {
    return null;
  }
}

async function stillIdentifier(source: ByteSource, contentType: string): Promise<string | null> {
  const exif = contentType === 'image/jpeg' ? await source.read(0, JPEG_EXIF_BYTES) : await readHeifExif(source);
  if (!exif) return null;
  const tags = (await exifr.parse(exif, { makerNote: true, pick: ['makerNote'] })) as
    { makerNote?: Uint8Array } | undefined;
  return tags?.makerNote ? appleContentIdentifier(Buffer.from(tags.makerNote)) : null;
}

/**
 * Apple's MakerNote: "Apple iOS\0", a version (2 bytes), "MM", then a big-endian IFD whose offsets count from the
 * start of the MakerNote.
 */
export function appleContentIdentifier(note: Buffer): string | null {
  if (note.length < 16 || !note.subarray(0, APPLE_MAKER_NOTE.length).equals(APPLE_MAKER_NOTE)) return null;
  if (note.toString('latin1', 12, 14) !== 'MM') return null;
  const count = note.readUInt16BE(14);
  for (let entry = 0; entry < count; entry++) {
    const at = 16 + entry * 12;
    if (at + 12 > note.length) return null;
    if (note.readUInt16BE(at) !== CONTENT_IDENTIFIER_TAG || note.readUInt16BE(at + 2) !== 2) continue;
    const length = note.readUInt32BE(at + 4);
    const start = length <= 4 ? at + 8 : note.readUInt32BE(at + 8);
    if (start + length > note.length) return null;
    return note.toString('latin1', start, start + length);
  }
  return null;
}

/** moov → meta (or udta → meta) → keys (the names) and ilst (the values, each in a box typed by its key's 1-based index). */
async function movIdentifier(source: ByteSource): Promise<string | null> {
  for await (const box of boxesOf(source)) {
    if (box.type !== 'moov') continue;
    if (box.end - box.contentStart > MAX_MOOV_BYTES) return null;
    const moov = await source.read(box.contentStart, box.end - box.contentStart);
    return identifierInMoov(moov);
  }
  return null;
}

function identifierInMoov(moov: Buffer): string | null {
  // An iPhone writes moov/meta; ffmpeg (and some editors) moov/udta/meta.
  const top = childBoxes(moov, 0, moov.length);
  const udta = top.find((box) => box.type === 'udta');
  const metas = [...top, ...(udta ? childBoxes(moov, udta.start, udta.end) : [])].filter((box) => box.type === 'meta');
  for (const meta of metas) {
    const found = identifierInMeta(moov, meta);
    if (found) return found;
  }
  return null;
}

function identifierInMeta(moov: Buffer, meta: Child): string | null {
  // QuickTime's meta has no version and flags; an ISO one has (then its first child is not at +0).
  let children = childBoxes(moov, meta.start, meta.end);
  if (!children.some((box) => box.type === 'keys')) children = childBoxes(moov, meta.start + 4, meta.end);
  const keys = children.find((box) => box.type === 'keys');
  const ilst = children.find((box) => box.type === 'ilst');
  if (!keys || !ilst) return null;
  const count = moov.readUInt32BE(keys.start + 4);
  let position = keys.start + 8;
  let wanted = -1;
  for (let index = 1; index <= count && position + 8 <= keys.end; index++) {
    const size = moov.readUInt32BE(position);
    if (size < 8) return null;
    if (moov.toString('latin1', position + 8, position + size) === MOV_KEY) wanted = index;
    position += size;
  }
  if (wanted < 0) return null;
  for (const item of childBoxes(moov, ilst.start, ilst.end)) {
    if (moov.readUInt32BE(item.start - 4) !== wanted) continue;
    const data = childBoxes(moov, item.start, item.end).find((box) => box.type === 'data');
    // data: type (4 bytes, 1 = UTF-8), locale (4 bytes), then the value.
    if (data && data.end - data.start > 8) return moov.toString('utf8', data.start + 8, data.end);
  }
  return null;
}

interface Child {
  type: string;
  /** Where the content starts and the box ends, in the buffer. */
  start: number;
  end: number;
}

function childBoxes(buffer: Buffer, from: number, to: number): Child[] {
  const boxes: Child[] = [];
  let position = from;
  while (position + 8 <= to) {
    const size = buffer.readUInt32BE(position);
    if (size < 8 || position + size > to) break;
    boxes.push({
      type: buffer.toString('latin1', position + 4, position + 8),
      start: position + 8,
      end: position + size,
    });
    position += size;
  }
  return boxes;
}
