/**
 * A cache of at most `limit` entries that lets go of the older half at once. A Map used as a queue, deleting its first
 * key as each new one comes, is quadratic in V8: its iterator steps over every deleted entry until the table is
 * rebuilt, and the line breaks of a 20,000-row table's cells spent 300 ms there. Entries read from the older half move
 * to the recent one, so what keeps being used stays.
 */
export class BoundedCache<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const hit = this.recent.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.recent.size >= this.limit / 2) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, value);
  }

  /** How many entries it holds (at most `limit`). */
  get size(): number {
    return this.recent.size + this.older.size;
  }
}
