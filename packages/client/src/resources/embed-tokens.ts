import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import type { EmbedToken, EmbedTokenCreateParams } from '../types';

/**
 * Embed tokens for the template builder embedded in your app (`@quire/react`): your backend mints one with its API
 * key and hands `token` to the browser, which uses it until it expires (then asks again).
 */
export class EmbedTokens extends APIResource {
  /**
   * Mints a token scoped to templates (or new ones) and permissions, for `expires_in` seconds (default 900, at most
   * 3600). From a browser it works only from the origins the key names in `allowed_origins`.
   *
   * ```ts
   * const { token, expires_at } = await quire.embedTokens.create({
   *   template_ids: [templateId],
   *   permissions: ['edit', 'preview'],
   * });
   * ```
   */
  create(body: EmbedTokenCreateParams, options?: RequestOptions): Promise<EmbedToken> {
    // Not idempotent: a retry mints another token, and a replay would hand the same credential out twice.
    return this._post('/v1/embed-tokens', body, options, false);
  }
}
