import type { MediaType } from '@family/contract';
import { sniffFileType } from '@family/shared/uploads';

/** What the first bytes of a file say it is. */
export interface SniffedKind {
  mime: string;
  ext: string;
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

export const KIND_MESSAGES: Record<MediaType, string> = {
  photo: 'A photo must be an image file (such as JPEG, PNG, GIF, WebP or HEIC).',
  video: 'A video must be a video file (such as MP4, MOV or WebM).',
  audio: 'An audio item must be a sound file (such as MP3, M4A, WAV or OGG).',
  document: 'A document must be a PDF, a Word file (.doc or .docx) or a plain text file (.txt).',
  post: 'The image of a post must be an image file (such as JPEG, PNG, GIF or WebP).',
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/**
 * Containers that hold sound as well as pictures (a voice memo in MP4 or WebM sniffs as video), and the type a
 * sound-only file in each is served as: always from what the bytes are, never the type the uploader declared.
 */
const AUDIO_IN_CONTAINER: Record<string, string> = {
  'video/mp4': 'audio/mp4',
  'video/webm': 'audio/webm',
  'video/ogg': 'audio/ogg',
  'video/3gpp': 'audio/3gpp',
  'video/quicktime': 'video/quicktime',
};

/** Sniffs the kind from the first bytes. Plain text has no magic number: it counts only when declared as text. */
export async function sniffKind(head: Buffer, declared: DeclaredFile): Promise<SniffedKind | null> {
  const found = await sniffFileType(head);
  if (found) return found;
  if (declaredAsText(declared) && looksLikeUtf8Text(head)) return { mime: 'text/plain', ext: 'txt' };
  return null;
}

/** The kind to keep the file as for this media type, or null when the file is the wrong kind for it. */
export function acceptKind(type: MediaType, sniffed: SniffedKind | null, declared: DeclaredFile): AcceptedKind | null {
  if (!sniffed) return null;
  const { mime, ext } = sniffed;
  const name = declared.fileName.toLowerCase();
  switch (type) {
    case 'photo':
    case 'post':
      return mime.startsWith('image/') ? { contentType: mime, ext } : null;
    case 'video':
      return mime.startsWith('video/') ? { contentType: mime, ext } : null;
    case 'audio':
      if (mime.startsWith('audio/')) return { contentType: mime, ext };
      // The declared type only tells a voice memo from a film; the type served comes from the container.
      if (AUDIO_IN_CONTAINER[mime] && declared.mimeType.startsWith('audio/')) {
        return { contentType: AUDIO_IN_CONTAINER[mime], ext };
      }
      return null;
    case 'document':
      if (mime === 'application/pdf') return { contentType: mime, ext: 'pdf' };
      if (mime === DOCX) return { contentType: DOCX, ext: 'docx' };
      // A .docx is a zip; file-type names it only when the Word parts come early in the archive.
      if (mime === 'application/zip' && name.endsWith('.docx')) return { contentType: DOCX, ext: 'docx' };
      // An old .doc is an OLE compound file, like .xls and .msi: the name or declared type tells them apart.
      if (mime === 'application/x-cfb' && (name.endsWith('.doc') || declared.mimeType === 'application/msword')) {
        return { contentType: 'application/msword', ext: 'doc' };
      }
      if (mime === 'text/plain') return { contentType: 'text/plain; charset=utf-8', ext: 'txt' };
      return null;
  }
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
