import { extensionFor } from '../media-kit';

/** Titles in names are cut here (in characters), so a path stays well inside every file system's limits. */
const TITLE_CHARS = 80;

/**
 * A title or name made safe as one path segment on Windows, macOS and Linux, kept in UTF-8 as it is otherwise
 * (docs/api.md "Takeout"): no path separators, no characters Windows refuses, no control characters, no dots or
 * spaces at the ends.
 */
export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...cleaned].slice(0, TITLE_CHARS).join('');
  const trimmed = cut.replace(/^[.\s]+|[.\s]+$/g, '');
  return trimmed || fallback;
}

/** The original's extension: the uploader's own when it is a plain one, else the one its kind has. */
export function fileExtension(fileName: string | null, contentType: string | null): string {
  const own = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '')?.[1];
  return (own ?? extensionFor(contentType) ?? 'bin').toLowerCase();
}

interface Named {
  id: number;
  title: string;
  mediaDate: string;
}

/** `media/YYYY/<YYYY-MM-DD> <title> (<id>).<ext>`: the original, byte-identical. */
export function mediaPath(item: Named & { fileName: string | null; contentType: string | null }): string {
  const date = item.mediaDate.slice(0, 10);
  const title = safeSegment(item.title, 'Untitled');
  return `media/${date.slice(0, 4)}/${date} ${title} (${item.id}).${fileExtension(item.fileName, item.contentType)}`;
}

/**
 * A Live Photo's MOV beside its still: the still's path with the MOV's own extension (`… (<id>).mov`), as a ZIP
 * download names them; ` motion` is added in the unlikely case the two extensions are the same.
 */
export function motionPath(
  item: Named & { fileName: string | null; contentType: string | null },
  motion: { fileName: string | null; contentType: string | null },
): string {
  const still = mediaPath(item);
  const extension = fileExtension(motion.fileName, motion.contentType);
  const base = still.slice(0, still.lastIndexOf('.'));
  return still.endsWith(`.${extension}`) ? `${base} motion.${extension}` : `${base}.${extension}`;
}

/** `posts/YYYY/<date> <title> (<id>).md`: a post as Markdown. */
export function postPath(item: Named): string {
  const date = item.mediaDate.slice(0, 10);
  return `posts/${date.slice(0, 4)}/${date} ${safeSegment(item.title, 'Untitled')} (${item.id}).md`;
}

/** `people/<name> (<id>).webp`: a person's profile picture. */
export function picturePath(person: { id: number; displayName: string }): string {
  return `people/${safeSegment(person.displayName, 'Person')} (${person.id}).webp`;
}

/** `thumbs/<id>.webp`: the item's thumbnail, for index.html. */
export function thumbnailPath(id: number): string {
  return `thumbs/${id}.webp`;
}
