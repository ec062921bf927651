import exifr from 'exifr';

/**
 * The day a photo was taken, from its EXIF data ('YYYY-MM-DD'), or null. Read from the raw EXIF text
 * ("2019:07:04 12:30:00"), so no time zone can move it to another day.
 */
export async function exifDate(head: Buffer): Promise<string | null> {
  try {
    const tags = (await exifr.parse(head, {
      pick: ['DateTimeOriginal', 'CreateDate', 'DateTimeDigitized', 'ModifyDate'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    if (!tags) return null;
    for (const name of ['DateTimeOriginal', 'CreateDate', 'DateTimeDigitized', 'ModifyDate']) {
      const date = calendarDateOf(tags[name]);
      if (date) return date;
    }
  } catch {
    // No EXIF, or a cut-off block in the head: no date from the photo.
  }
  return null;
}

function calendarDateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  // Cameras without a set clock write 0000:00:00.
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date || date < '1800-01-01') return null;
  return date;
}
