/**
 * What a file really is, from its first bytes (never its name), and whether the archive keeps it as the type
 * the uploader chose. Every format of the archive's table is named here: photos JPEG PNG GIF WebP AVIF HEIC/HEIF
 * TIFF BMP; videos MP4 MOV M4V WebM MKV AVI 3GP WMV MPEG-PS/TS; sound MP3 M4A/AAC WAV FLAC OGG/Opus AMR WMA;
 * documents PDF DOCX ODT TXT (and the old Word .doc). Other videos and sound (FLV, Ogg Theora, AIFF, ...) are kept
 * too, as they always were: ffmpeg converts them. Any other known kind, pictures the archive cannot show
 * included, is refused with a sentence that says what it is.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { MediaType } from '@family/contract';

/**
 * How much of the start of a file to read before deciding. file-type finds most kinds in the first few KB;
 * the rest of this is for an MP3's ID3 tag with a cover picture, a WMA/WMV header with long metadata and a
 * Word file whose parts come after pictures. A TIFF keeps its directory anywhere (often at the very end of a
 * large scan), so it is recognised by its header alone and passes at any size.
 */
export const SNIFF_BYTES = 256 * 1024;

export type MediaKind = 'photo' | 'video' | 'audio' | 'document';

/** What the first bytes say the file is. `kind` is null for a known format the archive does not keep. */
export interface SniffedKind {
  mime: string;
  ext: string;
  kind: MediaKind | null;
}

/** What the uploader's browser said about the file: only a hint, never trusted alone. */
export interface DeclaredFile {
  fileName: string;
  mimeType: string;
}

/** The kind a file is kept and served as. */
export interface AcceptedKind {
  contentType: string;
  ext: string;
}

/** The sentences for a file that is not of the chosen type (the web app shows the same ones before uploading). */
export const KIND_MESSAGES: Record<MediaType, string> = {
  photo: 'A photo must be an image file (such as JPEG, PNG, GIF, WebP or HEIC).',
  video: 'A video must be a video file (such as MP4, MOV or WebM).',
  audio: 'An audio item must be a sound file (such as MP3, M4A, WAV or OGG).',
  document: 'A document must be a PDF, a Word file (.doc or .docx) or a plain text file (.txt).',
  post: 'The image of a post must be an image file (such as JPEG, PNG, GIF or WebP).',
};

export const NOT_MEDIA_MESSAGE = 'This file is not a photo, video, audio or document the archive can keep.';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT = 'application/vnd.oasis.opendocument.text';
/** An ASF file whose stream list lies past the sniffed bytes: a WMV or a WMA, the chosen type decides. */
const ASF = 'application/vnd.ms-asf';

/** The formats the archive keeps, by the type file-type names, with the type they are served as. */
const KEPT: Record<string, { kind: MediaKind; contentType?: string }> = {
  'image/jpeg': { kind: 'photo' },
  'image/png': { kind: 'photo' },
  'image/apng': { kind: 'photo' },
  'image/gif': { kind: 'photo' },
  'image/webp': { kind: 'photo' },
  'image/avif': { kind: 'photo' },
  'image/heic': { kind: 'photo' },
  'image/heif': { kind: 'photo' },
  'image/heic-sequence': { kind: 'photo' },
  'image/heif-sequence': { kind: 'photo' },
  'image/tiff': { kind: 'photo' },
  'image/bmp': { kind: 'photo' },
  'video/mp4': { kind: 'video' },
  'video/quicktime': { kind: 'video' },
  'video/x-m4v': { kind: 'video' },
  'video/webm': { kind: 'video' },
  'video/matroska': { kind: 'video' },
  'video/vnd.avi': { kind: 'video' },
  'video/3gpp': { kind: 'video' },
  'video/3gpp2': { kind: 'video' },
  'video/x-ms-asf': { kind: 'video', contentType: 'video/x-ms-wmv' },
  [ASF]: { kind: 'video', contentType: 'video/x-ms-wmv' },
  'video/mpeg': { kind: 'video' },
  'video/MP2P': { kind: 'video', contentType: 'video/mpeg' },
  'video/mp2t': { kind: 'video' },
  'audio/mpeg': { kind: 'audio' },
  'audio/x-m4a': { kind: 'audio', contentType: 'audio/mp4' },
  'audio/mp4': { kind: 'audio' },
  'audio/aac': { kind: 'audio' },
  'audio/wav': { kind: 'audio' },
  'audio/flac': { kind: 'audio' },
  'audio/ogg': { kind: 'audio' },
  'audio/ogg; codecs=opus': { kind: 'audio', contentType: 'audio/ogg' },
  'audio/opus': { kind: 'audio', contentType: 'audio/ogg' },
  'audio/amr': { kind: 'audio' },
  'audio/x-ms-asf': { kind: 'audio', contentType: 'audio/x-ms-wma' },
  'application/pdf': { kind: 'document' },
  [DOCX]: { kind: 'document' },
  [ODT]: { kind: 'document' },
  'text/plain': { kind: 'document', contentType: 'text/plain; charset=utf-8' },
};

/** Containers that hold sound as well as pictures: a voice memo in MP4, WebM or 3GP sniffs as video. */
/** The sound type of each container that may hold video or sound alone. */
const SOUND_IN_CONTAINER: Record<string, string> = {
  'video/mp4': 'audio/mp4',
  'video/quicktime': 'audio/mp4',
  'video/webm': 'audio/webm',
  'video/ogg': 'audio/ogg',
  'video/3gpp': 'audio/3gpp',
  'video/3gpp2': 'audio/3gpp2',
  'video/matroska': 'audio/x-matroska',
};

const AUDIO_CAPABLE_CONTAINERS = new Set([
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'video/3gpp',
  'video/3gpp2',
  'video/matroska',
  ASF,
]);

/** Sniffs the kind from the first bytes. Plain text has no magic number: it counts only when declared as text. */
export async function sniffKind(head: Buffer, declared: DeclaredFile): Promise<SniffedKind | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (found) return { mime: found.mime, ext: found.ext, kind: kindOf(found.mime) };
  if (isTiffHeader(head)) return { mime: 'image/tiff', ext: 'tif', kind: 'photo' };
  if (declaredAsText(declared) && looksLikeUtf8Text(head)) return { mime: 'text/plain', ext: 'txt', kind: 'document' };
  return null;
}

function kindOf(mime: string): MediaKind | null {
  const kept = KEPT[mime];
  if (kept) return kept.kind;
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/') && !NOT_RECORDINGS.has(mime)) return 'audio';
  return null;
}

/** Sound formats that hold notes or instruments, not a recording ffmpeg could convert. */
const NOT_RECORDINGS = new Set(['audio/midi', 'audio/x-it', 'audio/x-xm', 'audio/x-s3m', 'audio/x-mod']);

/** The kind to keep the file as for this media type, or null when the file is the wrong kind for it. */
export function acceptKind(type: MediaType, sniffed: SniffedKind | null, declared: DeclaredFile): AcceptedKind | null {
  if (!sniffed) return null;
  const { mime, ext } = sniffed;
  const kind = kindOf(mime);
  const asKept = { contentType: KEPT[mime]?.contentType ?? mime, ext };
  const name = declared.fileName.toLowerCase();
  switch (type) {
    case 'photo':
    case 'post':
      return kind === 'photo' ? asKept : null;
    case 'video':
      return kind === 'video' ? asKept : null;
    case 'audio':
      if (mime === ASF) return { contentType: 'audio/x-ms-wma', ext };
      if (kind === 'audio') return asKept;
      // Sound in a container that also holds video: served as the container's sound type, named by its bytes,
      // never as the type the browser declared (which could be anything, even text/html).
      if (AUDIO_CAPABLE_CONTAINERS.has(mime) && declared.mimeType.startsWith('audio/')) {
        return { contentType: SOUND_IN_CONTAINER[mime] ?? 'audio/mp4', ext };
      }
      return null;
    case 'document':
      if (kind === 'document') return { contentType: asKept.contentType, ext: DOCUMENT_EXT[mime] ?? ext };
      // A .docx is a zip; file-type names it only when the Word parts come early in the archive.
      if (mime === 'application/zip' && name.endsWith('.docx')) return { contentType: DOCX, ext: 'docx' };
      // An old .doc is an OLE compound file, like .xls and .msi: the name or declared type tells them apart.
      if (mime === 'application/x-cfb' && (name.endsWith('.doc') || declared.mimeType === 'application/msword')) {
        return { contentType: 'application/msword', ext: 'doc' };
      }
      return null;
  }
}

const DOCUMENT_EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  [DOCX]: 'docx',
  [ODT]: 'odt',
  'text/plain': 'txt',
};

/**
 * The 415 sentence for a file refused as this type. A kept format of another kind, or bytes nobody knows, get
 * the type's own sentence; a known format the archive does not keep is named, with what to do instead.
 */
export function refusalMessage(type: MediaType, sniffed: SniffedKind | null): string {
  if (!sniffed || sniffed.kind) return KIND_MESSAGES[type];
  const { mime, ext } = sniffed;
  const format = ext.toUpperCase();
  if (RAW_PHOTO.has(ext)) {
    return `This is a camera RAW file (${format}), which browsers cannot show. Upload the JPEG or HEIC the camera made, or export one.`;
  }
  if (mime.startsWith('image/')) {
    return `This picture is a ${format} file, which the archive cannot show. Save it as JPEG or PNG and upload that.`;
  }
  if (mime.startsWith('audio/')) {
    return `This is a ${format} file: it holds notes, not a recording. Record it as MP3, M4A or WAV and upload that.`;
  }
  if (ARCHIVES.has(ext)) {
    return `This is a compressed archive (${format}). Unpack it and upload the photos, videos, sounds and documents inside.`;
  }
  if (PROGRAMS.has(ext)) return 'This is a program, and the archive keeps no programs.';
  if (OFFICE.has(ext)) {
    return `This is a ${format} file, which the archive cannot keep as a document. Save it as PDF and upload that.`;
  }
  return NOT_MEDIA_MESSAGE;
}

const RAW_PHOTO = new Set(['cr2', 'cr3', 'nef', 'arw', 'dng', 'orf', 'rw2', 'raf', 'crw', 'x3f', 'pef', 'srw']);
const ARCHIVES = new Set(['zip', 'rar', '7z', 'gz', 'bz2', 'xz', 'tar', 'zst', 'lz', 'cab', 'lzh', 'ar', 'rpm', 'deb']);
const PROGRAMS = new Set(['exe', 'elf', 'msi', 'apk', 'dmg', 'mach', 'wasm', 'class', 'dex', 'so', 'dll']);
const OFFICE = new Set([
  'xlsx',
  'pptx',
  'xls',
  'ppt',
  'ods',
  'odp',
  'odg',
  'rtf',
  'epub',
  'cfb',
  'vsdx',
  'pages',
  'key',
]);

/** "II*\0" (Intel), "MM\0*" (Motorola), or BigTIFF's "II+\0" / "MM\0+". */
function isTiffHeader(head: Buffer): boolean {
  if (head.length < 8) return false;
  const marker = head.toString('latin1', 0, 4);
  return marker === 'II*\0' || marker === 'MM\0*' || marker === 'II+\0' || marker === 'MM\0+';
}

function declaredAsText(declared: DeclaredFile): boolean {
  return declared.fileName.toLowerCase().endsWith('.txt') || declared.mimeType.split(';')[0].trim() === 'text/plain';
}

/** Valid UTF-8 without NUL bytes (a multi-byte character cut off at the end of the head is fine). */
export function looksLikeUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type an upload without one becomes (a resumable upload, docs/api.md "Resumable uploads"): the kind its
 * bytes are, sound in a container when the device said it is sound, a Word file known by its name. Null for a
 * file the archive does not keep (`notKeptMessage` says why).
 */
export function mediaTypeOf(sniffed: SniffedKind | null, declared: DeclaredFile): MediaKind | null {
  if (!sniffed) return null;
  const saysSound =
    declared.mimeType.startsWith('audio/') || /\.(wma|m4a|aac|mp3|oga|opus|weba)$/i.test(declared.fileName);
  if (sniffed.kind === 'video' && saysSound && acceptKind('audio', sniffed, declared)) return 'audio';
  if (sniffed.kind) return sniffed.kind;
  return acceptKind('document', sniffed, declared) ? 'document' : null;
}

/** The 415 sentence for a file no type keeps: the format named when it is known. */
export function notKeptMessage(sniffed: SniffedKind | null): string {
  return sniffed ? refusalMessage('document', sniffed) : NOT_MEDIA_MESSAGE;
}
