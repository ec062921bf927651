import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveAlbum,
  type ArchiveManifest,
  type ArchiveMedia,
  type ArchiveMemory,
  type ArchiveMotion,
  type ArchivePerson,
  type ChildTie,
  type ExportScope,
  type Partnership,
  type PersonDetail,
  type PersonName,
  type TakeoutAlbum,
  type TakeoutMemory,
} from '@family/contract';
import type { MediaItemEntity } from '../../media-kit';
import { mediaPath, motionPath, picturePath, thumbnailPath } from '../takeout-names';

const FORMER_MEMBER = 'Former family member';

/** Everything an export holds, read before the first byte of the ZIP is written. */
export interface TakeoutContent {
  archiveId: string;
  scope: ExportScope;
  exportedBy: number;
  exportedAt: Date;
  people: PersonDetail[];
  /** Whose pictures go into `people/`. */
  picturesOf: Set<number>;
  xrefs: Record<number, string>;
  partnerships: Partnership[];
  childTies: ChildTie[];
  albums: TakeoutAlbum[];
  media: MediaItemEntity[];
  tags: Map<number, number[]>;
  /** Items whose thumbnail is in storage. */
  thumbnails: Set<number>;
  memories: TakeoutMemory[];
}

/** archive.json (ArchiveManifest, docs/api.md "Takeout"): every field, with the paths of the files in the ZIP. */
export function buildManifest(content: TakeoutContent): ArchiveManifest {
  const names = new Map<number, PersonName>(
    content.people.map((person) => [
      person.id,
      { id: person.id, username: person.username, displayName: person.displayName },
    ]),
  );
  const nameOf = (id: number): PersonName => names.get(id) ?? { id, username: null, displayName: FORMER_MEMBER };
  const people: ArchivePerson[] = content.people.map((person) => ({
    ...person,
    gedcomXref: content.xrefs[person.id] ?? '',
    picturePath: content.picturesOf.has(person.id) ? picturePath(person) : null,
  }));
  const albums: ArchiveAlbum[] = content.albums.map((album) => ({
    id: album.id,
    name: album.name,
    description: album.description,
    isShared: album.isShared,
    creator: nameOf(album.createdBy),
    members: album.members.map((member) => ({ person: nameOf(member.userId), canEdit: member.canEdit })),
    createdAt: album.createdAt,
  }));
  const media: ArchiveMedia[] = content.media.map((item) => ({
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description,
    mediaDate: item.mediaDate,
    content: item.content,
    websiteUrl: item.websiteUrl,
    path: item.objectKey ? mediaPath(item) : null,
    sha256: item.objectKey ? item.sha256 : null,
    originalName: item.fileName,
    contentType: item.contentType,
    sizeBytes: item.fileSize,
    thumbnailPath: content.thumbnails.has(item.id) ? thumbnailPath(item.id) : null,
    motion: motionOf(item),
    albumId: item.albumId,
    uploader: nameOf(item.userId),
    tags: (content.tags.get(item.id) ?? []).map(nameOf),
    createdAt: new Date(item.createdAt).toISOString(),
  }));
  const memories: ArchiveMemory[] = content.memories.map((memory) => ({
    id: memory.id,
    title: memory.title,
    content: memory.content,
    writer: nameOf(memory.writerId),
    personId: memory.personId,
    createdAt: memory.createdAt,
  }));
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_FORMAT_VERSION,
    archiveId: content.archiveId,
    scope: content.scope,
    exportedBy: nameOf(content.exportedBy),
    exportedAt: content.exportedAt.toISOString(),
    people,
    partnerships: content.partnerships,
    childTies: content.childTies,
    albums,
    media,
    memories,
  };
}

/** A Live Photo's MOV, packed beside its still (a Motion Photo's clip is inside the still: nothing to add). */
function motionOf(item: MediaItemEntity): ArchiveMotion | null {
  if (!item.objectKey || !item.motionObjectKey || !item.motionSha256) return null;
  return {
    path: motionPath(item, { fileName: item.motionFileName, contentType: item.motionContentType }),
    sha256: item.motionSha256,
    originalName: item.motionFileName,
    contentType: item.motionContentType,
    sizeBytes: item.motionFileSize,
  };
}

/** A post as Markdown, with its image (when it has one) linked from the post's own folder. */
export function postMarkdown(post: ArchiveMedia): string {
  const lines = [`# ${post.title}`, '', `Date: ${post.mediaDate}  `, `By: ${post.uploader.displayName}  `];
  if (post.tags.length > 0) lines.push(`With: ${post.tags.map((tag) => tag.displayName).join(', ')}  `);
  if (post.websiteUrl) lines.push(`Website: <${post.websiteUrl}>  `);
  lines.push('');
  if (post.description) lines.push(post.description, '');
  if (post.content) lines.push(post.content, '');
  if (post.path) lines.push(`![${post.title.replace(/[[\]]/g, '')}](<../../${post.path}>)`, '');
  return lines.join('\n');
}
