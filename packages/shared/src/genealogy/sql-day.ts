/**
 * A day of the date grammar (ISO, astronomical years: `-0043-03-13` is 44 BC) as Postgres' date type takes
 * it (`0044-03-13 BC`). Days Postgres cannot hold (before 4713 BC) answer null: they sort as unknown.
 */
export function sqlDay(iso: string | null): string | null {
  if (!iso) return null;
  const match = /^(-?)(\d{4,})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const year = Number(match[2]) * (match[1] ? -1 : 1);
  if (year > 99_999 || year < -4712) return null;
  if (year >= 1) return `${String(year).padStart(4, '0')}-${match[3]}-${match[4]}`;
  return `${String(1 - year).padStart(4, '0')}-${match[3]}-${match[4]} BC`;
}
