/** How the pool makes, checks and ends the things it lends out (Chromium pages in the engine). */
export interface PoolItemFactory<T> {
  create(): Promise<T>;
  dispose(item: T): Promise<void>;
  /** False for an item that broke while idle (a crashed page); it is replaced before it is lent again. */
  isUsable(item: T): boolean;
}

/**
 * A fixed number of reusable items, made on first need. An item whose work failed (crash, time-out, anything) is
 * thrown away and a fresh one made for the next borrower: a failed render may leave a page in any state.
 */
export class PagePool<T> {
  readonly #factory: PoolItemFactory<T>;
  readonly #size: number;
  readonly #idle: T[] = [];
  readonly #waiting: Array<() => void> = [];
  #live = 0;
  #closed = false;

  constructor(factory: PoolItemFactory<T>, size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`A page pool needs at least one page, not ${size}.`);
    this.#factory = factory;
    this.#size = size;
  }

  /** Lends an item to `work`, waiting for one to be free when all are lent. */
  async use<R>(work: (item: T) => Promise<R>): Promise<R> {
    const item = await this.#acquire();
    let succeeded = false;
    try {
      const result = await work(item);
      succeeded = true;
      return result;
    } finally {
      this.#release(item, succeeded);
    }
  }

  /** Ends the idle items now, and lent ones when they come back; waiting borrowers reject. */
  async close(): Promise<void> {
    this.#closed = true;
    const idle = this.#idle.splice(0);
    this.#live -= idle.length;
    for (const wake of this.#waiting.splice(0)) wake();
    await Promise.allSettled(idle.map((item) => this.#factory.dispose(item)));
  }

  async #acquire(): Promise<T> {
    for (;;) {
      if (this.#closed) throw new Error('The Chromium engine was closed.');
      const item = this.#idle.pop();
      if (item !== undefined) {
        if (this.#factory.isUsable(item)) return item;
        this.#discard(item);
        continue;
      }
      if (this.#live < this.#size) return this.#createItem();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  async #createItem(): Promise<T> {
    this.#live++;
    try {
      return await this.#factory.create();
    } catch (error) {
      this.#live--;
      this.#waiting.shift()?.();
      throw error;
    }
  }

  #release(item: T, succeeded: boolean): void {
    if (this.#closed || !succeeded || !this.#factory.isUsable(item)) this.#discard(item);
    else this.#idle.push(item);
    this.#waiting.shift()?.();
  }

  #discard(item: T): void {
    this.#live--;
    // Nobody waits for the old item to end; a failure to close a broken page changes nothing for the next render.
    this.#factory.dispose(item).catch(() => {});
  }
}
