import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ApiClient } from './api';

/** A file in a multipart form: its bytes, file name and content type. */
export interface FormFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** A multipart body with some fields and at most one file, as a browser would send it. */
export function uploadForm(fields: Record<string, string>, file?: FormFile): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

/** Uploads a media item as the client's person and returns it; throws unless the archive took it (201). */
export async function uploadMedia(client: ApiClient, fields: Record<string, string>, file?: FormFile): Promise<any> {
  const response = await client.post('/api/media', uploadForm(fields, file));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Degrees as EXIF writes a GPS coordinate: degrees, minutes and seconds as rationals. */
function exifDegrees(value: number): string {
  const degrees = Math.floor(value);
  const minutes = Math.floor((value - degrees) * 60);
  const hundredthsOfSeconds = Math.round(((value - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredthsOfSeconds}/100`;
}

/**
 * A JPEG of one colour; `shade` (its red) makes its bytes unique, as the archive refuses the same upload twice.
 * `takenAt` ('YYYY:MM:DD hh:mm:ss') adds the EXIF date the archive reads, `gps` the position a phone writes.
 */
export function jpeg(
  shade: number,
  {
    width = 64,
    height = 48,
    takenAt,
    gps,
  }: { width?: number; height?: number; takenAt?: string; gps?: { latitude: number; longitude: number } } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: shade, g: 90, b: 160 } } }).jpeg();
  const exif: Record<string, Record<string, string>> = {};
  if (takenAt) exif.IFD2 = { DateTimeOriginal: takenAt };
  if (gps) {
    exif.IFD3 = {
      GPSLatitudeRef: gps.latitude < 0 ? 'S' : 'N',
      GPSLatitude: exifDegrees(Math.abs(gps.latitude)),
      GPSLongitudeRef: gps.longitude < 0 ? 'W' : 'E',
      GPSLongitude: exifDegrees(Math.abs(gps.longitude)),
    };
  }
  return (Object.keys(exif).length > 0 ? image.withExif(exif) : image).toBuffer();
}

/**
 * The item once the media worker has prepared it (`ready` or `failed`): thumbnails, previews and playback files
 * exist only then (docs/architecture.md "Media worker").
 */
export async function waitPrepared(client: ApiClient, id: number, timeoutMs = 60_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/api/media/${id}`);
    if (response.status !== 200)
      throw new Error(`media item ${id}: ${response.status} ${JSON.stringify(response.body)}`);
    if (response.body.processing !== 'pending') return response.body;
    if (Date.now() > until) throw new Error(`media item ${id} was still being prepared after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A private album of the client's person (with `memberIds` as members): what is uploaded into it stays out of
 * everyone else's gallery, so tests that share the stack do not see one another's items.
 */
export async function privateAlbum(client: ApiClient, name: string, memberIds: number[] = []): Promise<number> {
  const created = await client.post('/api/albums', { name, isShared: false });
  if (created.status !== 201) throw new Error(`album: ${created.status} ${JSON.stringify(created.body)}`);
  for (const userId of memberIds) {
    const added = await client.post(`/api/albums/${created.body.id}/members`, { userId });
    if (added.status !== 201 && added.status !== 200)
      throw new Error(`member: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return created.body.id;
}

let seed = 0;

/**
 * A small real PNG, `size` pixels square, in one colour. Without a colour, a grey no other call gives, so its bytes
 * are unique (the archive refuses the same upload twice).
 */
export function png(colour?: [number, number, number], size = 8): Buffer {
  if (!colour) {
    seed += 1;
    const grey = (Date.now() + seed) % 251;
    colour = [grey, grey, grey];
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const pixel = Buffer.from(colour);
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: size }, () => pixel)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG as the file of an upload form, named photo.png. */
export function pngFile(colour?: [number, number, number], size?: number): FormFile {
  return { bytes: png(colour, size), name: 'photo.png', type: 'image/png' };
}
