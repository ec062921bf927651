import type { MediaType } from '@family/contract';

/** docs/product.md "Limits": 50MB, unless the operator raised it (GET /api/media/limits). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** What each type's file input offers, and the sentence when a file does not fit (the server's 415 wording). */
export const FILE_RULES: Record<
  MediaType,
  { accept: string; extensions: string[]; mimePrefix?: string; message: string }
> = {
  photo: {
    accept: 'image/*',
    mimePrefix: 'image/',
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'hif', 'avif', 'bmp', 'tif', 'tiff'],
    message: 'A photo must be an image file (such as JPEG, PNG, GIF, WebP or HEIC).',
  },
  video: {
    accept: 'video/*',
    mimePrefix: 'video/',
    // Browsers give many camera and old-phone files no type at all: their names tell (the server reads the bytes).
    extensions: [
      'mp4',
      'm4v',
      'mov',
      'qt',
      'webm',
      'mkv',
      'avi',
      '3gp',
      '3g2',
      'wmv',
      'asf',
      'mpg',
      'mpeg',
      'vob',
      'mts',
      'm2ts',
      'm2t',
      'ts',
    ],
    message: 'A video must be a video file (such as MP4, MOV or WebM).',
  },
  audio: {
    accept: 'audio/*',
    mimePrefix: 'audio/',
    extensions: ['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac', 'weba', 'amr', 'wma'],
    message: 'An audio item must be a sound file (such as MP3, M4A, WAV or OGG).',
  },
  document: {
    accept: '.pdf,.doc,.docx,.odt,.txt',
    extensions: ['pdf', 'doc', 'docx', 'odt', 'txt'],
    message: 'A document must be a PDF, a Word file (.doc or .docx) or a plain text file (.txt).',
  },
  post: {
    accept: 'image/*',
    mimePrefix: 'image/',
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'bmp'],
    message: 'The image of a post must be an image file (such as JPEG, PNG, GIF or WebP).',
  },
};

/**
 * The server's own sentence for a file over the limit (docs/product.md "Upload"): 'File size must be less than
 * 10 GB', or '… 50 MB' when the limit is not whole gigabytes.
 */
export function sizeSentence(maxBytes: number): string {
  const megabytes = Math.floor(maxBytes / (1024 * 1024));
  const size = megabytes >= 1024 && megabytes % 1024 === 0 ? `${megabytes / 1024} GB` : `${megabytes} MB`;
  return `File size must be less than ${size}`;
}

export type UploadDraft = {
  type: MediaType;
  title: string;
  file: File | null;
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file is of the kind the type takes, judged by what the browser says (the server sniffs the bytes). */
export function fileFits(type: MediaType, file: File): boolean {
  const rule = FILE_RULES[type];
  if (rule.mimePrefix && file.type.startsWith(rule.mimePrefix)) return true;
  return rule.extensions.includes(extensionOf(file.name));
}

/** docs/product.md "Upload", checked before anything is sent: the first problem, as the sentence to show, or null. */
export function checkUpload(draft: UploadDraft, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (!draft.title.trim()) return 'Please enter a title';
  if (draft.type !== 'post' && !draft.file) return 'Please select a file to upload';
  if (draft.file && draft.file.size > maxBytes) {
    return sizeSentence(maxBytes);
  }
  if (draft.file && !fileFits(draft.type, draft.file)) return FILE_RULES[draft.type].message;
  return null;
}

/** Whether a file looks like one of the kinds the archive takes (a folder's other files are left out). */
export function fileOfAnyKind(file: File): boolean {
  return (['photo', 'video', 'audio', 'document'] as const).some((type) => fileFits(type, file));
}

/**
 * docs/product.md "Uploading many files", checked before any is queued: at least one file, none over the limit
 * (named when there are several). The kind is read from each file's bytes by the archive.
 */
export function checkFiles(files: File[], maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (files.length === 0) return 'Please select a file to upload';
  const tooLarge = files.filter((file) => file.size > maxBytes);
  if (tooLarge.length === 0) return null;
  if (files.length === 1) return sizeSentence(maxBytes);
  return `${sizeSentence(maxBytes)}: remove ${tooLarge.map((file) => file.name).join(', ')}`;
}
