import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type { ApiKey, ApiKeyCreateParams, ApiKeyUpdateParams } from '../types';

/** The team's API keys (needs a person's token with api_keys:manage: owners and admins). */
export class ApiKeys extends APIResource {
  /** Creates a key; its `secret` (`qk_live_…`) is in this answer only. */
  create(body: ApiKeyCreateParams, options?: RequestOptions): Promise<ApiKey & { secret: string }> {
    return this._post('/v1/api-keys', body, options, false);
  }

  /** The keys that are not revoked, newest first: one page, to await or to walk with `for await`. */
  list(options?: RequestOptions): PagePromise<ApiKey> {
    return this._list('/v1/api-keys', undefined, options);
  }

  /** Renames a key, or replaces the browser origins its embed tokens may be used from. */
  update(id: string, body: ApiKeyUpdateParams, options?: RequestOptions): Promise<ApiKey> {
    return this._patch(path`/v1/api-keys/${id}`, body, options);
  }

  revoke(id: string, options?: RequestOptions): Promise<ApiKey & { revoked: true }> {
    return this._delete(path`/v1/api-keys/${id}`, options);
  }
}
