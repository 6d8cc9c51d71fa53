import type { Quire } from '../client';
import { Page, PagePromise } from '../pagination';
import type { ListResponse } from '../types';
import type { HttpMethod, RequestOptions } from './request';

/** A resource's plumbing: one class per resource extends it (`client.templates`, `client.reports`…). */
export class APIResource {
  protected readonly _client: Quire;

  constructor(client: Quire) {
    this._client = client;
  }

  protected _call<T>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions,
    body?: unknown,
    query?: object,
    idempotent?: boolean,
  ): Promise<T> {
    return this._client.request<T>({ method, path, body, query, idempotent }, options);
  }

  protected _get<T>(path: string, query?: object, options?: RequestOptions): Promise<T> {
    return this._call('GET', path, options, undefined, query);
  }

  /** A POST to a route that honours Idempotency-Key (unless `idempotent` is false): safe to retry. */
  protected _post<T>(path: string, body?: unknown, options?: RequestOptions, idempotent = true): Promise<T> {
    return this._call('POST', path, options, body, undefined, idempotent);
  }

  protected _patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this._call('PATCH', path, options, body);
  }

  protected _put<T>(path: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this._call('PUT', path, options, body);
  }

  protected _delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this._call('DELETE', path, options);
  }

  /**
   * A list: awaitable for the first page, async-iterable over every item. A list that comes whole (no `has_more`)
   * is one page.
   */
  protected _list<T>(path: string, query: object | undefined, options: RequestOptions | undefined): PagePromise<T> {
    const load = async (starting_after?: string): Promise<Page<T>> =>
      new Page(await this._get<ListResponse<T>>(path, { ...query, starting_after }, options), load);
    return new PagePromise(() => load((query as { starting_after?: string } | undefined)?.starting_after));
  }
}
