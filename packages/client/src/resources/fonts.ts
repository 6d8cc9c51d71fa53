import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type { FontFamily, FontUploadParams, ListParams } from '../types';

/** Base64 of bytes, in Node and in browsers alike (no Buffer). */
function toBase64(data: Uint8Array | ArrayBuffer): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/**
 * The team's font families (TTF, OTF or WOFF): a template names one in CSS (`font-family: 'Brand Sans'`) and every
 * render of the team draws with it.
 */
export class Fonts extends APIResource {
  /** Uploads one face of a family (the normal face first): 201 makes the family, later faces add to it. */
  upload(params: FontUploadParams, options?: RequestOptions): Promise<FontFamily> {
    const { data, ...rest } = params;
    const body = { ...rest, data: typeof data === 'string' ? data : toBase64(data) };
    return this._post('/v1/fonts', body, options);
  }

  list(query?: ListParams, options?: RequestOptions): PagePromise<FontFamily> {
    return this._list('/v1/fonts', query, options);
  }

  /** One family by name (matched without regard to case). */
  get(family: string, options?: RequestOptions): Promise<FontFamily> {
    return this._get(path`/v1/fonts/${family}`, undefined, options);
  }

  /** Deletes the family and all its faces. */
  delete(
    family: string,
    options?: RequestOptions,
  ): Promise<{ object: 'font_family'; id: string; name: string; deleted: true }> {
    return this._delete(path`/v1/fonts/${family}`, options);
  }
}
