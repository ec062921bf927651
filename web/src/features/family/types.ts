import type { RelationType } from '@family/contract';

/** The relation types as the relation pickers name them. */
export const RELATION_TYPE_OPTIONS: ReadonlyArray<{ value: RelationType; label: string }> = [
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Child' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'spouse', label: 'Spouse' },
];
