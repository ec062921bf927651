/** Kinds of data other services keep a short cache of (docs/architecture.md "Caches"). */
export const CHANGE_KINDS = ['album-access', 'people'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
/**
 * Kinds a service raises itself, by a trigger on its own tables, for its own caches of its own data: never
 * announced, read like the others (ChangeGenerations.current).
 */
export type OwnChangeKind = 'media-items';

interface Entry<V> {
  generation: string;
  expires: number;
  value: V;
}

/**
 * Answers kept by key, each valid while the generation it was read under is still the current one, and for
 * `ttlMs` at most (a safety net should an announcement of a change be lost). Read the generation BEFORE asking
 * the owner, so an answer read during a change is kept under the older number and never used after it.
 */
export class ChangeAwareCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, generation: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The answer kept for `key` and the generation it was read under, whatever the current one is: for a caller
   * that checks the generation afterwards, in the same statement as the work it uses the answer for.
   */
  peek(key: K): { generation: string; value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= Date.now()) return undefined;
    return { generation: entry.generation, value: entry.value };
  }

  set(key: K, generation: string, value: V): void {
    // Oldest first out: a Map keeps insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.delete(key);
    this.entries.set(key, { generation, expires: Date.now() + this.ttlMs, value });
  }

  clear(): void {
    this.entries.clear();
  }
}
