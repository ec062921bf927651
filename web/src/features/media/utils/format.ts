import type { PersonName } from '@family/contract';

/** docs/product.md "Media detail dialog": the display name, falling back to the username. */
export function personName(person: PersonName): string {
  return person.displayName?.trim() || person.username || '';
}
