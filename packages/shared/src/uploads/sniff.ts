import { fileTypeFromBuffer } from 'file-type';

/** Enough of a file's beginning for sniffFileType to name any type it knows (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

/** What a file's first bytes (its magic numbers) say it is. */
export interface SniffedType {
  mime: string;
  ext: string;
}

/** The type the first bytes of a file show, or null when they match nothing known (or cannot be parsed). */
export async function sniffFileType(head: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  return found ? { mime: found.mime, ext: found.ext } : null;
}
