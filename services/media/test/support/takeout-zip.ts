import { createHash } from 'node:crypto';
import yazl from 'yazl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveAlbum,
  type ArchiveManifest,
  type ArchiveMedia,
  type ArchivePerson,
  type PersonName,
} from '@family/contract';

/**
 * Takeout ZIPs for tests, laid out as an export writes them (docs/api.md "Takeout"): `archive.json`, originals
 * under `media/YYYY/<date> <title> (<id>).<ext>`, `SHA256SUMS`, and whatever else a test adds. Also the broken
 * ZIPs an import must refuse: a bomb, a path that climbs out, a truncated file.
 */

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface TakeoutFile {
  /** The item's fields; `path`, `sha256` and `sizeBytes` are filled in from `data` unless given. */
  media: Partial<ArchiveMedia> & Pick<ArchiveMedia, 'id' | 'type' | 'title'>;
  data?: Buffer;
  /** Deflate the file in the ZIP (an export stores originals as they are). */
  compress?: boolean;
}

export interface TakeoutSpec {
  archiveId?: string;
  exportedBy: PersonName;
  people?: Partial<ArchivePerson>[];
  albums?: Partial<ArchiveAlbum>[];
  items?: TakeoutFile[];
  memories?: ArchiveManifest['memories'];
  /** family.ged's text (see gedcomOf); none when left out. */
  familyGed?: string;
  /** More entries, as they are (files archive.json does not name, say). */
  extra?: { name: string; data: Buffer; compress?: boolean }[];
}

const stamp = '2026-11-01T10:00:00.000Z';

export function person(id: number, username: string | null, displayName = username ?? `Person ${id}`): PersonName {
  return { id, username, displayName };
}

function archivePerson(partial: Partial<ArchivePerson>): ArchivePerson {
  return {
    id: partial.id ?? 1,
    username: partial.username ?? null,
    displayName: partial.displayName ?? 'Someone',
    profilePicture: null,
    hasAccount: partial.username != null,
    givenName: null,
    surname: null,
    sex: 'U',
    birth: null,
    death: null,
    living: true,
    story: null,
    gedcomXref: `@I${partial.id ?? 1}@`,
    picturePath: null,
    ...partial,
  } as ArchivePerson;
}

const safe = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80);

/** The path an export gives an original: `media/YYYY/<date> <title> (<id>).<ext>`. */
export function mediaPath(item: Pick<ArchiveMedia, 'id' | 'title'> & { mediaDate?: string }, ext: string): string {
  const date = item.mediaDate ?? '2020-05-17';
  return `media/${date.slice(0, 4)}/${date} ${safe(item.title)} (${item.id}).${ext}`;
}

/** The manifest and files of a spec, before they are zipped. */
export function takeoutContents(spec: TakeoutSpec): {
  manifest: ArchiveManifest;
  files: Map<string, { data: Buffer; compress: boolean }>;
} {
  const files = new Map<string, { data: Buffer; compress: boolean }>();
  const media: ArchiveMedia[] = (spec.items ?? []).map(({ media: item, data, compress }) => {
    const mediaDate = item.mediaDate ?? '2020-05-17';
    const path = data
      ? (item.path ?? mediaPath({ ...item, mediaDate }, item.originalName?.split('.').pop() ?? 'bin'))
      : null;
    if (data && path) files.set(path, { data, compress: compress ?? false });
    return {
      description: null,
      content: null,
      websiteUrl: null,
      originalName: null,
      contentType: null,
      thumbnailPath: null,
      albumId: null,
      tags: [],
      uploader: spec.exportedBy,
      createdAt: stamp,
      ...item,
      mediaDate,
      path: item.path === undefined ? path : item.path,
      sha256: item.sha256 === undefined ? (data ? sha256(data) : null) : item.sha256,
      sizeBytes: item.sizeBytes === undefined ? (data?.length ?? null) : item.sizeBytes,
    };
  });
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_FORMAT_VERSION,
    archiveId: spec.archiveId ?? 'test-archive-1',
    scope: 'mine',
    exportedBy: spec.exportedBy,
    exportedAt: stamp,
    people: (spec.people ?? [{ ...spec.exportedBy }]).map(archivePerson),
    partnerships: [],
    childTies: [],
    albums: (spec.albums ?? []).map((album, index) => ({
      id: index + 1,
      name: `Album ${index + 1}`,
      description: null,
      isShared: false,
      creator: spec.exportedBy,
      members: [],
      createdAt: stamp,
      ...album,
    })),
    media,
    memories: spec.memories ?? [],
  };
  return { manifest, files };
}

function zipOf(entries: { name: string; data: Buffer; compress?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, { compress: entry.compress ?? false, mtime: new Date(stamp) });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A takeout ZIP as an export writes it; `manifest` replaces archive.json's text when given (a broken one). */
export async function buildTakeoutZip(spec: TakeoutSpec, options: { manifestText?: string } = {}): Promise<Buffer> {
  const { manifest, files } = takeoutContents(spec);
  const manifestData = Buffer.from(options.manifestText ?? JSON.stringify(manifest, null, 2));
  const sums = [...files].map(([path, file]) => `${sha256(file.data)}  ${path}`);
  sums.push(`${sha256(manifestData)}  archive.json`);
  return zipOf([
    { name: 'archive.json', data: manifestData, compress: true },
    ...[...files].map(([name, file]) => ({ name, ...file })),
    ...(spec.familyGed ? [{ name: 'family.ged', data: Buffer.from(spec.familyGed), compress: true }] : []),
    ...(spec.extra ?? []),
    { name: 'SHA256SUMS', data: Buffer.from(`${sums.join('\n')}\n`), compress: true },
    { name: 'index.html', data: Buffer.from('<!doctype html><title>Family archive</title>'), compress: true },
  ]);
}

/** A ZIP with one entry of `megabytes` zeros: it packs a thousand to one, as a bomb does. */
export function zipBomb(spec: TakeoutSpec, megabytes = 20): Promise<Buffer> {
  return buildTakeoutZip({
    ...spec,
    extra: [{ name: 'media/2020/zeros.bin', data: Buffer.alloc(megabytes * 1024 * 1024), compress: true }],
  });
}

/** A takeout ZIP with an entry named `../../etc/passwd` (yazl refuses to write one, so the name is patched in). */
export async function zipClimbingOut(spec: TakeoutSpec, name = '../../etc/passwd'): Promise<Buffer> {
  const stand = name.replace(/\./g, 'x').replace(/^\//, 'x');
  const zip = await buildTakeoutZip({ ...spec, extra: [{ name: stand, data: Buffer.from('root:x:0:0\n') }] });
  const from = Buffer.from(stand);
  const to = Buffer.from(name);
  for (let at = zip.indexOf(from); at !== -1; at = zip.indexOf(from, at + 1)) to.copy(zip, at);
  return zip;
}

/** The first `fraction` of a ZIP, as an upload cut short leaves it. */
export const truncated = (zip: Buffer, fraction = 0.6) => zip.subarray(0, Math.floor(zip.length * fraction));

/**
 * A takeout ZIP whose entry `path` (which must be compressible: text) has its packed bytes scrambled, so reading it
 * fails half-way while the ZIP's directory is whole.
 */
export function damageEntry(zip: Buffer, path: string): Buffer {
  const copy = Buffer.from(zip);
  const name = Buffer.from(path);
  const at = copy.indexOf(name); // the local header's name comes first
  const start = at + name.length + 48; // past the header's extra field, into the packed data
  for (let i = start; i < start + 40 && i < copy.length; i++) copy[i] = copy[i]! ^ 0xa5;
  return copy;
}

/** A GEDCOM 7 family.ged of these people, each under their gedcomXref with a UID of the exporting archive. */
export function gedcomOf(archiveId: string, people: { gedcomXref: string; givenName: string; surname: string }[]) {
  const namespace = createHash('sha256').update(archiveId).digest('hex').slice(0, 8);
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SOUR family-archive'];
  people.forEach((person, index) => {
    lines.push(`0 ${person.gedcomXref} INDI`, `1 NAME ${person.givenName} /${person.surname}/`);
    lines.push(`1 UID ${namespace}-0000-4000-8000-${String(index + 1).padStart(12, '0')}`);
  });
  lines.push('0 TRLR');
  return `${lines.join('\n')}\n`;
}
