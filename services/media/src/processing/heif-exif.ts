/**
 * Finds the EXIF block of a HEIC/HEIF/AVIF file wherever it lies. exifr reads HEIC only when its compatible
 * brands name `heic` (a Sony or Canon .HIF names `heix`/`mif1` only), so the item is located here the way the
 * format says: the `meta` box lists the items (`iinf`) and where their bytes are (`iloc`). Only the `meta` box and
 * the EXIF bytes are read, however large the photo.
 */
import { type ByteSource, withFileSource } from './byte-source';

const MAX_META_BYTES = 16 * 1024 * 1024;
const MAX_EXIF_BYTES = 4 * 1024 * 1024;

interface Box {
  type: string;
  /** Where the box's content starts and ends, relative to the buffer it was read from. */
  start: number;
  end: number;
}

/** The EXIF block as a TIFF structure (starting "II*\0" or "MM\0*"), or null when the file has none. */
export async function readHeifExif(input: string | ByteSource): Promise<Buffer | null> {
  if (typeof input === 'string') return withFileSource(input, (source) => readHeifExif(source)).catch(() => null);
  const file = input;
  try {
    const meta = await readTopLevelBox(file, 'meta');
    if (!meta) return null;
    // `meta` is a full box: version and flags come before its children.
    const children = listBoxes(meta, 4, meta.length);
    const iinf = children.find((box) => box.type === 'iinf');
    const iloc = children.find((box) => box.type === 'iloc');
    if (!iinf || !iloc) return null;
    const exifId = findExifItemId(meta, iinf);
    if (exifId === null) return null;
    const location = findItemLocation(meta, iloc, exifId);
    if (!location) return null;
    let payload: Buffer;
    if (location.constructionMethod === 1) {
      const idat = children.find((box) => box.type === 'idat');
      if (!idat) return null;
      payload = Buffer.concat(
        location.extents.map(([offset, length]) => meta.subarray(idat.start + offset, idat.start + offset + length)),
      );
    } else if (location.constructionMethod === 0) {
      payload = await readExtents(file, location.extents);
    } else {
      return null;
    }
    return tiffOf(payload);
  } catch {
    // A file cut short or with boxes that make no sense: no date from it.
    return null;
  }
}

async function readTopLevelBox(file: ByteSource, wanted: string): Promise<Buffer | null> {
  const fileSize = file.size;
  let position = 0;
  while (position + 8 <= fileSize) {
    const header = await file.read(position, 16);
    const bytesRead = header.length;
    if (bytesRead < 8) return null;
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (bytesRead < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - position;
    }
    if (size < headerSize) return null;
    if (type === wanted) {
      const length = size - headerSize;
      if (length > MAX_META_BYTES) return null;
      const content = await file.read(position + headerSize, length);
      return content.length === length ? content : null;
    }
    position += size;
  }
  return null;
}

function listBoxes(buffer: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let position = from;
  while (position + 8 <= to) {
    let size = buffer.readUInt32BE(position);
    const type = buffer.toString('latin1', position + 4, position + 8);
    let headerSize = 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(position + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - position;
    }
    if (size < headerSize || position + size > to) break;
    boxes.push({ type, start: position + headerSize, end: position + size });
    position += size;
  }
  return boxes;
}

function findExifItemId(meta: Buffer, iinf: Box): number | null {
  const version = meta.readUInt8(iinf.start);
  const entriesStart = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of listBoxes(meta, entriesStart, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const infeVersion = meta.readUInt8(infe.start);
    if (infeVersion < 2) continue;
    let position = infe.start + 4;
    const id = infeVersion === 2 ? meta.readUInt16BE(position) : meta.readUInt32BE(position);
    position += infeVersion === 2 ? 2 : 4;
    position += 2; // item_protection_index
    if (meta.toString('latin1', position, position + 4) === 'Exif') return id;
  }
  return null;
}

interface ItemLocation {
  constructionMethod: number;
  extents: Array<[offset: number, length: number]>;
}

function findItemLocation(meta: Buffer, iloc: Box, wantedId: number): ItemLocation | null {
  let position = iloc.start;
  const version = meta.readUInt8(position);
  position += 4;
  const sizes = meta.readUInt16BE(position);
  position += 2;
  const offsetSize = (sizes >> 12) & 0xf;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const readUint = (bytes: number): number => {
    const value = bytes === 0 ? 0 : meta.readUIntBE(position, Math.min(bytes, 6));
    position += bytes;
    return value;
  };
  const itemCount = readUint(version < 2 ? 2 : 4);
  for (let item = 0; item < itemCount && position < iloc.end; item++) {
    const id = readUint(version < 2 ? 2 : 4);
    const constructionMethod = version === 1 || version === 2 ? readUint(2) & 0xf : 0;
    readUint(2); // data_reference_index
    const baseOffset = readUint(baseOffsetSize);
    const extentCount = readUint(2);
    const extents: Array<[number, number]> = [];
    for (let extent = 0; extent < extentCount; extent++) {
      readUint(indexSize);
      const offset = readUint(offsetSize);
      const length = readUint(lengthSize);
      extents.push([baseOffset + offset, length]);
    }
    if (id === wantedId) return { constructionMethod, extents };
  }
  return null;
}

async function readExtents(file: ByteSource, extents: Array<[number, number]>): Promise<Buffer> {
  const total = extents.reduce((sum, [, length]) => sum + length, 0);
  if (total > MAX_EXIF_BYTES) throw new Error('EXIF item too large');
  const parts: Buffer[] = [];
  for (const [offset, length] of extents) {
    const part = await file.read(offset, length);
    if (part.length !== length) throw new Error('EXIF item past the end of the file');
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The payload starts with the offset of the TIFF header after its first 4 bytes (past an "Exif\0\0" marker). */
function tiffOf(payload: Buffer): Buffer | null {
  if (payload.length < 12) return null;
  const start = 4 + payload.readUInt32BE(0);
  const tiff = payload.subarray(start);
  const marker = tiff.toString('latin1', 0, 4);
  return marker === 'II*\0' || marker === 'MM\0*' ? tiff : null;
}
