import type { MediaDateHint, MediaItem } from '@family/contract';
import { itemDateInWords, parseItemDate } from '@family/shared/genealogy';
import { formatCalendarDate } from '../../../lib/calendar-date';

/** An item's date on screen (docs/product.md "Uncertain dates"): "about 1955", "1950s", or the exact day. */
export function mediaDateInWords(item: Pick<MediaItem, 'mediaDate' | 'mediaDateText'>): string {
  return item.mediaDateText ? itemDateInWords(item.mediaDateText) : formatCalendarDate(item.mediaDate);
}

/** What a typed date says: the words it shows as, or the server's sentence for what is wrong with it. */
export function typedDate(text: string): { words: string; earliest: string | null; latest: string | null } | string {
  const parsed = parseItemDate(text);
  if (!parsed.valid) return parsed.reason;
  const { date } = parsed;
  return {
    words: date.text ? itemDateInWords(date.text) : formatCalendarDate(date.middle),
    earliest: date.earliest,
    latest: date.latest,
  };
}

/** The hint's sentences, "after 1958: Anna is in it", each marked when the date typed cannot agree with it. */
export function hintLines(
  hint: MediaDateHint | undefined,
  date: { earliest: string | null; latest: string | null } | null,
): Array<{ text: string; conflict: boolean }> {
  if (!hint) return [];
  const lines: Array<{ text: string; conflict: boolean }> = [];
  if (hint.after) {
    lines.push({
      text: `after ${hint.after.year}: ${hint.after.person.displayName} is in it`,
      conflict: date?.latest != null && date.latest < hint.after.day,
    });
  }
  if (hint.before) {
    lines.push({
      text: `before ${hint.before.year}: ${hint.before.person.displayName} is in it`,
      conflict: date?.earliest != null && date.earliest > hint.before.day,
    });
  }
  return lines;
}
