import type { List, ListResponse } from './types';

/**
 * One page of a list. `for await (const item of page)` goes on through the next pages; `nextPage()` fetches just
 * the next one.
 */
export class Page<T> implements ListResponse<T>, AsyncIterable<T> {
  readonly object = 'list' as const;
  readonly data: T[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
  readonly #fetch: (cursor: string) => Promise<Page<T>>;

  /** `body` may be a list that comes whole (API keys, members, teams, plans, starters): it is the last page. */
  constructor(body: List<T> & Partial<ListResponse<T>>, fetch: (cursor: string) => Promise<Page<T>>) {
    this.data = body.data;
    this.has_more = body.has_more ?? false;
    this.next_cursor = body.next_cursor ?? null;
    this.#fetch = fetch;
  }

  hasNextPage(): boolean {
    return this.has_more && this.next_cursor !== null;
  }

  /** The next page; null after the last one. */
  async nextPage(): Promise<Page<T> | null> {
    return this.hasNextPage() ? this.#fetch(this.next_cursor as string) : null;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (let page: Page<T> | null = this; page; page = await page.nextPage()) yield* page.data;
  }
}

/**
 * What `list()` answers: await it for the first page, or loop over every item of every page with `for await`.
 * The request starts when it is first awaited or iterated.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  #load: () => Promise<Page<T>>;
  #promise: Promise<Page<T>> | undefined;

  constructor(load: () => Promise<Page<T>>) {
    this.#load = load;
  }

  #start(): Promise<Page<T>> {
    this.#promise ??= this.#load();
    return this.#promise;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaitable on purpose.
  then<A = Page<T>, B = never>(
    onfulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#start().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#start().catch(onrejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.#start();
  }
}
