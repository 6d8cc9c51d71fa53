import type { ClientRateLimitInfo, Options, Store as RateLimitStore } from 'express-rate-limit';
import type { Collection, Store } from '../store/port';

interface Hits {
  id: string;
  hits: number;
  /** Milliseconds since the epoch when the window closes. */
  resetAt: number;
}

/**
 * An express-rate-limit store on the service's storage port: fixed windows counted with one atomic upsert, so
 * replicas sharing MongoDB share the limit and a restart does not reset it.
 */
export class StoreRateLimitStore implements RateLimitStore {
  private windowMs = 60_000;
  private readonly hits: Promise<Collection<Hits>>;
  /**
   * Tells express-rate-limit's double-count check the limiters apart: without it, it takes every instance of this
   * class for one store, and two limiters counting one address (the app's and sign-up's) for one double count.
   */
  readonly prefix: string;

  constructor(
    store: Store,
    name: string,
    private readonly now: () => Date,
  ) {
    this.hits = store.collection<Hits>({ name, indexes: ['resetAt'] });
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private window(key: string) {
    const at = this.now().getTime();
    const start = Math.floor(at / this.windowMs) * this.windowMs;
    return { id: `${key}@${start}`, resetAt: start + this.windowMs, at };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { id } = this.window(key);
    const record = await (await this.hits).get(id);
    return record ? { totalHits: record.hits, resetTime: new Date(record.resetAt) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { id, resetAt, at } = this.window(key);
    const hits = await this.hits;
    const record = await hits.upsert({ id }, { id, hits: 1, resetAt }, { inc: { hits: 1 } });
    // Closed windows are never read again; clearing them on the first hit of a window keeps the collection small.
    if (record.hits === 1) await hits.deleteMany({ resetAt: { $lte: at } });
    return { totalHits: record.hits, resetTime: new Date(record.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    const { id } = this.window(key);
    await (await this.hits).updateOne({ id, hits: { $gt: 0 } }, { inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    const { id } = this.window(key);
    await (await this.hits).deleteOne(id);
  }
}
