import { BadRequestException } from '@nestjs/common';
import { MEDIA_TITLE_MAX, UPLOAD_TAGS_MAX } from '@family/contract';
import { MAX_ID } from '@family/shared';
import { validateInput } from '@family/shared/nest';
import { UploadMediaFields } from '../dtos/upload.dto';
import type { DeclaredFile } from '../processing/sniff';

export const FILENAME_REQUIRED = 'Name the file in the upload\'s metadata ("filename").';
export const TAGGED_USERS_MESSAGE = 'taggedUsers must be a list of person ids, like [12, 40].';
export const TOO_MANY_TAGS = `Tag at most ${UPLOAD_TAGS_MAX} people in one upload.`;
/** The form's type before the bytes tell: only its rules about the other fields count at creation. */
const TYPE_BEFORE_BYTES = 'photo';

/** What a resumable upload's Upload-Metadata says the item will be, checked by POST /api/media's own rules. */
export interface UploadPlan {
  /** The form fields POST /api/media would get (all but `type`, which the bytes decide when the upload ends). */
  fields: Record<string, string>;
  taggedUserIds: number[];
  declared: DeclaredFile;
}

/** "IMG_0001.JPG" is titled "IMG_0001"; a name that is all extension keeps it. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return [...base.trim()].slice(0, MEDIA_TITLE_MAX).join('');
}

/**
 * Reads the metadata of a new upload (docs/api.md "Resumable uploads") and checks its fields with the class
 * POST /api/media checks its form with, so the same field gets the same sentence on both routes. Throws 400.
 */
export async function planFromMetadata(metadata: Record<string, string | null> | undefined): Promise<UploadPlan> {
  const value = (key: string) => metadata?.[key] ?? undefined;
  const fileName = value('filename')?.trim();
  if (!fileName) throw new BadRequestException(FILENAME_REQUIRED);
  if (fileName.includes('\0')) throw new BadRequestException('The file name must not contain a null character.');
  const fields: Record<string, string> = {
    title: value('title')?.trim() || titleFromFileName(fileName),
  };
  for (const key of ['description', 'mediaDate', 'albumId'] as const) {
    const given = value(key);
    if (given !== undefined) fields[key] = given;
  }
  await validateInput(UploadMediaFields, { ...fields, type: TYPE_BEFORE_BYTES });
  return {
    fields,
    taggedUserIds: taggedUsersOf(value('taggedUsers')),
    declared: { fileName: fileName.slice(0, 255), mimeType: value('filetype')?.trim() ?? '' },
  };
}

function taggedUsersOf(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestException(TAGGED_USERS_MESSAGE);
  }
  if (!Array.isArray(parsed) || !parsed.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID))
    throw new BadRequestException(TAGGED_USERS_MESSAGE);
  const ids = [...new Set(parsed as number[])];
  if (ids.length > UPLOAD_TAGS_MAX) throw new BadRequestException(TOO_MANY_TAGS);
  return ids;
}
