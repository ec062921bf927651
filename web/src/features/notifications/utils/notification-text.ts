import type { NotificationEntry } from '@family/contract';
import { paths } from '../../../config/paths';

const quoted = (title: string | null, otherwise: string) => (title ? `“${title}”` : otherwise);

/** An entry as a sentence a person reads (docs/product.md "Notifications"). */
export function notificationSentence(entry: NotificationEntry): string {
  const actor = entry.actor.displayName;
  switch (entry.kind) {
    case 'tagged':
      return `${actor} tagged you in ${quoted(entry.subjectTitle, 'a photo')}`;
    case 'album-member':
      return `${actor} added you to the album ${quoted(entry.subjectTitle, 'without a name')}`;
    case 'memory':
      return `${actor} wrote a memory about you: ${quoted(entry.subjectTitle, 'without a title')}`;
    case 'invite-used':
      return `${actor} joined the archive with your invite`;
  }
}

/** Where an entry leads: the item, the album, one's memories, the new member's profile. */
export function notificationLink(entry: NotificationEntry, currentUserId: number): string {
  switch (entry.kind) {
    case 'tagged':
      return paths.media.getHref(entry.subjectId);
    case 'album-member':
      return paths.album.getHref(entry.subjectId);
    case 'memory':
      return paths.userMemories.getHref(currentUserId);
    case 'invite-used':
      return paths.userProfile.getHref(entry.subjectId);
  }
}

/** "27 Nov, 14:05": when it happened, in the reader's own words for dates. */
export function notificationTime(createdAt: string): string {
  return new Date(createdAt).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
