import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type {
  DataSource,
  DataSourceCreateParams,
  DataSourcePreview,
  DataSourceTestResult,
  DataSourceUpdateParams,
  ListParams,
} from '../types';

/** HTTP APIs, PostgreSQL and MySQL queries, and JSON or CSV uploads that reports read their data from. */
export class DataSources extends APIResource {
  create(body: DataSourceCreateParams, options?: RequestOptions): Promise<DataSource> {
    return this._post('/v1/data-sources', body, options);
  }

  get(id: string, options?: RequestOptions): Promise<DataSource> {
    return this._get(path`/v1/data-sources/${id}`, undefined, options);
  }

  list(query?: ListParams, options?: RequestOptions): PagePromise<DataSource> {
    return this._list('/v1/data-sources', query, options);
  }

  update(id: string, body: DataSourceUpdateParams, options?: RequestOptions): Promise<DataSource> {
    return this._patch(path`/v1/data-sources/${id}`, body, options);
  }

  delete(id: string, options?: RequestOptions): Promise<{ object: 'data_source'; id: string; deleted: true }> {
    return this._delete(path`/v1/data-sources/${id}`, options);
  }

  /** Connects and reads, without keeping anything: whether it works, and how fast. */
  test(
    id: string,
    body: { params?: Record<string, unknown> } = {},
    options?: RequestOptions,
  ): Promise<DataSourceTestResult> {
    return this._post(path`/v1/data-sources/${id}/test`, body, options);
  }

  /** The first rows and the JSON Schema inferred from them. */
  preview(
    id: string,
    body: { params?: Record<string, unknown>; limit?: number } = {},
    options?: RequestOptions,
  ): Promise<DataSourcePreview> {
    return this._post(path`/v1/data-sources/${id}/preview`, body, options);
  }
}
