import type { PersonName } from '@family/contract';

/** docs/product.md "Media detail dialog": the display name, falling back to the username. */
export function personName(person: PersonName): string {
  return person.displayName?.trim() || person.username || '';
}

/** A calendar date 'YYYY-MM-DD' in words, never moved to another day by the time zone. */
export function formatMediaDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const local = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return local.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Today's calendar date where the browser is. */
export function todayDate(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
