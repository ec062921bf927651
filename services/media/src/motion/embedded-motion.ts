/**
 * Finds the clip a Motion Photo carries inside its still (docs/architecture.md "Motion and Live Photos"):
 * - a JPEG whose XMP says `GCamera:MotionPhoto="1"` (Google, Samsung since 2021) has an MP4 appended after the
 *   picture; its `Container:Directory` names the MotionPhoto item's length, counted from the end of the file;
 * - an older Google "MicroVideo" JPEG says where the MP4 starts with `GCamera:MicroVideoOffset`, also from the end;
 * - an older Samsung JPEG puts it after a `MotionPhoto_Data` marker in its trailer;
 * - a Samsung HEIC keeps it in a top-level `mpvd` box.
 * Only a clip that starts as an MP4 does (`ftyp`) is taken.
 */
import { type ByteSource, boxesOf } from '../processing/byte-source';

export interface EmbeddedClip {
  offset: number;
  length: number;
}

/** XMP lies in the first segments of a JPEG; 256 KB holds it with room to spare. */
const XMP_SCAN_BYTES = 256 * 1024;
/** Samsung's trailer with its marker lies at the end, after the clip: the clip follows the marker. */
const SAMSUNG_MARKER = Buffer.from('MotionPhoto_Data', 'latin1');
const SAMSUNG_SCAN_BYTES = 64 * 1024 * 1024;
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

export async function findEmbeddedClip(source: ByteSource, contentType: string): Promise<EmbeddedClip | null> {
  if (contentType === 'image/jpeg') return findJpegClip(source);
  if (HEIF_TYPES.has(contentType)) return findMpvdClip(source);
  return null;
}

async function findMpvdClip(source: ByteSource): Promise<EmbeddedClip | null> {
  for await (const box of boxesOf(source)) {
    if (box.type !== 'mpvd') continue;
    const clip = { offset: box.contentStart, length: box.end - box.contentStart };
    return (await startsAsMp4(source, clip.offset)) ? clip : null;
  }
  return null;
}

async function findJpegClip(source: ByteSource): Promise<EmbeddedClip | null> {
  const head = (await source.read(0, XMP_SCAN_BYTES)).toString('latin1');
  for (const fromEnd of clipLengthsFromXmp(head)) {
    const clip = { offset: source.size - fromEnd.length - fromEnd.padding, length: fromEnd.length };
    if (clip.offset > 0 && clip.length > 0 && (await startsAsMp4(source, clip.offset))) return clip;
  }
  return findSamsungTrailerClip(source);
}

interface FromEnd {
  /** Bytes of the clip. */
  length: number;
  /** Bytes after it, before the end of the file. */
  padding: number;
}

/** The lengths (from the end of the file) the XMP gives for the clip, most specific first. */
export function clipLengthsFromXmp(xmp: string): FromEnd[] {
  const found: FromEnd[] = [];
  const isMotion = /MotionPhoto(?:="|>)\s*1/.test(xmp) || /MicroVideo(?:="|>)\s*1/.test(xmp);
  if (!isMotion) return found;
  // Container:Directory: each item is an element with Semantic, Length and Padding as attributes or children.
  const items = xmp.match(/<Container:Item\b[\s\S]*?(?:\/>|<\/Container:Item>)/g) ?? [];
  for (const item of items) {
    if (field(item, 'Semantic') !== 'MotionPhoto') continue;
    const length = Number(field(item, 'Length'));
    const padding = Number(field(item, 'Padding') ?? 0);
    if (Number.isSafeInteger(length) && length > 0) found.push({ length, padding: Number(padding) || 0 });
  }
  const microVideo = /MicroVideoOffset(?:="|>)\s*(\d+)/.exec(xmp);
  if (microVideo) found.push({ length: Number(microVideo[1]), padding: 0 });
  return found;
}

/** An `Item:Name="..."` attribute or an `<Item:Name>...</Item:Name>` element of a Container item. */
function field(item: string, name: string): string | undefined {
  const attribute = new RegExp(`Item:${name}="([^"]*)"`).exec(item);
  if (attribute) return attribute[1];
  return new RegExp(`<Item:${name}>([^<]*)<`).exec(item)?.[1];
}

async function findSamsungTrailerClip(source: ByteSource): Promise<EmbeddedClip | null> {
  const from = Math.max(0, source.size - SAMSUNG_SCAN_BYTES);
  const tail = await source.read(from, source.size - from);
  const at = tail.indexOf(SAMSUNG_MARKER);
  if (at < 0) return null;
  const offset = from + at + SAMSUNG_MARKER.length;
  if (!(await startsAsMp4(source, offset))) return null;
  // The clip's own boxes say where it ends (Samsung's SEF trailer may follow it).
  let end = offset;
  for await (const box of boxesOf(source, offset)) {
    if (!/^[a-z0-9 ]{4}$/i.test(box.type)) break;
    end = box.end;
  }
  return { offset, length: end - offset };
}

async function startsAsMp4(source: ByteSource, offset: number): Promise<boolean> {
  const head = await source.read(offset, 8);
  return head.length === 8 && head.toString('latin1', 4, 8) === 'ftyp';
}
