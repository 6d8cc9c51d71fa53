import { QuireError } from '@quire/core';
import { z } from 'zod';
import { assertUrlShape, guardedRequest } from '../outbound/guard';
import { LIMITS, openSealed, type SourceContext } from './context';
import { assertDataPath, pick, ROOT_PATH } from './extract';
import { sourceFailure } from './failures';
import { fillJson, fillText, type Params } from './placeholders';
import { assertSourceDepth, fromJson, type Loaded } from './rows';
import { assertLiteralAllowed } from './targets';

/** What the API shows instead of a header's value. Sent back in a PATCH, it keeps the stored value. */
export const MASK = '********';

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'Not a valid HTTP header name');
const HeaderValue = z
  .string()
  .max(8192)
  .regex(/^[^\r\n\0]*$/, 'Header values cannot contain line breaks');
/** Headers Node sets itself, or that would change how the request is framed or where it goes. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
]);
const MAX_HEADERS = 50;

export const httpFields = {
  method: z.enum(['GET', 'POST']).optional().describe('GET (default) or POST'),
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe(
      'http(s) URL. `{{param}}` placeholders in the path and query are filled (URL-encoded) at load time; the ' +
        'scheme, host and port cannot hold placeholders.',
    ),
  headers: z
    .record(HeaderName, HeaderValue)
    .optional()
    .describe('Request headers (e.g. Authorization). Values are secrets: stored encrypted, shown as ********'),
  query: z
    .record(z.string().min(1).max(200), z.union([z.string().max(2048), z.number(), z.boolean()]))
    .optional()
    .describe('Query string parameters added to the URL; `{{param}}` placeholders in values are filled'),
  body: z
    .unknown()
    .optional()
    .describe(
      'JSON body of a POST. A string that is exactly `{{param}}` takes the parameter with its type; placeholders ' +
        'inside longer strings are filled as text',
    ),
  data_path: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe('JSONPath picking the data out of the response, e.g. `$.data.items` (default `$`, the whole body)'),
  timeout_ms: z
    .number()
    .int()
    .min(100)
    .max(LIMITS.maxHttpTimeoutMs)
    .optional()
    .describe(`Timeout of the whole exchange in milliseconds, redirects included (default ${LIMITS.defaultTimeoutMs})`),
};

/** In a PATCH, a header set to null is removed. */
export const httpPatchHeaders = z
  .record(HeaderName, HeaderValue.nullable())
  .optional()
  .describe('Headers to add or change; null removes one, ******** (or leaving it out) keeps its value');

export interface HttpSettings {
  method: 'GET' | 'POST';
  url: string;
  /** Lower-case names, shown; the values are in sealedHeaders. */
  headerNames: string[];
  /** `{ name: value }` as JSON, sealed; null when there are none. */
  sealedHeaders: string | null;
  /** `{ name: value }` as JSON: the store's field names cannot hold every query parameter name. */
  query: string;
  /** The POST body as JSON; null for none. */
  body: string | null;
  dataPath: string;
  timeoutMs: number;
}

export interface HttpInput {
  method?: 'GET' | 'POST' | undefined;
  url: string;
  headers?: Record<string, string | null> | undefined;
  query?: Record<string, string | number | boolean> | undefined;
  body?: unknown;
  data_path?: string | undefined;
  timeout_ms?: number | undefined;
}

const invalid = (param: string, message: string) =>
  new QuireError('validation_failed', { param, message: `${param}: ${message}` });

function openHeaders(settings: Pick<HttpSettings, 'sealedHeaders'>, ctx: SourceContext): Map<string, string> {
  if (!settings.sealedHeaders) return new Map();
  return new Map(Object.entries(JSON.parse(openSealed(ctx, settings.sealedHeaders)) as Record<string, string>));
}

/** Stored headers that no longer open (QUIRE_SECRET changed) count as none: a PATCH that sends them again fixes it. */
function previousHeaders(previous: HttpSettings, ctx: SourceContext): Map<string, string> {
  try {
    return openHeaders(previous, ctx);
  } catch {
    return new Map();
  }
}

/** The previous headers with the body's changes: a new value replaces, null removes, the mask keeps. */
function mergeHeaders(
  previous: Map<string, string>,
  changes: Record<string, string | null> | undefined,
): Map<string, string> {
  const headers = new Map(previous);
  for (const [raw, value] of Object.entries(changes ?? {})) {
    const name = raw.toLowerCase();
    if (RESERVED_HEADERS.has(name)) throw invalid(`headers.${raw}`, 'Quire sets this header itself');
    if (value === null) headers.delete(name);
    else if (value === MASK) {
      if (!previous.has(name)) throw invalid(`headers.${raw}`, 'give the value of a new header');
    } else headers.set(name, value);
  }
  if (headers.size > MAX_HEADERS) throw invalid('headers', `at most ${MAX_HEADERS} headers`);
  return headers;
}

const urlHost = (url: URL) => ({
  host: url.hostname,
  port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
});

/** Settings to store from a checked body; on an update, headers the body leaves out keep their sealed values. */
export async function buildHttp(input: HttpInput, ctx: SourceContext, previous?: HttpSettings): Promise<HttpSettings> {
  const url = assertUrlShape(input.url, 'url');
  // Parameters fill the path and the query: the origin is fixed here, where it can be checked.
  if (/^[a-z]+:\/\/[^/?#]*\{\{/i.test(input.url)) {
    throw invalid('url', 'placeholders are allowed in the path and the query, not in the host');
  }
  const { host, port } = urlHost(url);
  await assertLiteralAllowed(host, port, ctx.policy, 'url');
  const method = input.method ?? 'GET';
  // null means no body: on a PATCH to GET, `body: null` drops the old POST body.
  const body = input.body === undefined || input.body === null ? null : JSON.stringify(input.body);
  if (method === 'GET' && body !== null) throw invalid('body', 'only a POST sends a body');
  const dataPath = input.data_path ?? ROOT_PATH;
  assertDataPath(dataPath, 'data_path');
  let sealedHeaders = previous?.sealedHeaders ?? null;
  let headerNames = previous?.headerNames ?? [];
  if (input.headers !== undefined) {
    const headers = mergeHeaders(previous ? previousHeaders(previous, ctx) : new Map(), input.headers);
    headerNames = [...headers.keys()];
    sealedHeaders = headers.size > 0 ? ctx.box.seal(JSON.stringify(Object.fromEntries(headers))) : null;
  }
  return {
    method,
    url: input.url,
    headerNames,
    sealedHeaders,
    query: JSON.stringify(input.query ?? {}),
    body,
    dataPath,
    timeoutMs: input.timeout_ms ?? LIMITS.defaultTimeoutMs,
  };
}

/** What a PATCH starts from: every field but the headers (secrets). */
export function httpEditable(settings: HttpSettings) {
  return {
    method: settings.method,
    url: settings.url,
    query: JSON.parse(settings.query) as Record<string, string | number | boolean>,
    body: settings.body === null ? null : (JSON.parse(settings.body) as unknown),
    data_path: settings.dataPath,
    timeout_ms: settings.timeoutMs,
  };
}

/** The API's fields: header names with masked values. */
export function httpView(settings: HttpSettings) {
  return {
    ...httpEditable(settings),
    headers: Object.fromEntries(settings.headerNames.map((name) => [name, MASK])),
  };
}

/** The URL with parameters filled and the query added; the origin cannot have changed. */
function requestUrl(settings: HttpSettings, params: Params): string {
  const url = new URL(fillText(settings.url, params, encodeURIComponent));
  if (url.origin !== new URL(settings.url).origin) throw invalid('url', 'parameters cannot change the host');
  for (const [name, value] of Object.entries(JSON.parse(settings.query) as Record<string, unknown>)) {
    url.searchParams.append(name, fillText(String(value), params));
  }
  return url.toString();
}

async function request(settings: HttpSettings, params: Params, ctx: SourceContext) {
  const url = requestUrl(settings, params);
  const body = settings.body === null ? undefined : JSON.stringify(fillJson(JSON.parse(settings.body), params));
  const headers = openHeaders(settings, ctx);
  const secrets = [...headers.values()];
  try {
    const { host, port } = urlHost(new URL(url));
    await assertLiteralAllowed(host, port, ctx.policy, 'url');
    const response = await guardedRequest(
      url,
      {
        method: settings.method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...Object.fromEntries(headers),
        },
        ...(body === undefined ? {} : { body }),
        timeoutMs: settings.timeoutMs,
        maxBytes: LIMITS.httpResponseBytes,
      },
      ctx.policy,
    );
    if (response.status < 200 || response.status > 299) {
      throw new QuireError('data_source_error', {
        message: `The data source answered HTTP ${response.status}.`,
        details: { status: response.status },
      });
    }
    // guardedRequest may return a body short of its last chunk when that chunk crossed maxBytes (see
    // outbound/guard.test.ts): a body that is not the length the server declared is never read as data.
    const declared = Number(response.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared !== response.body.length) {
      throw new QuireError('data_source_error', {
        message: `The answer is larger than ${LIMITS.httpResponseBytes / 1024 / 1024} MB or was cut short.`,
      });
    }
    return response;
  } catch (error) {
    throw sourceFailure(error, secrets);
  }
}

/** Requests the API and picks data_path out of its JSON answer. */
export async function loadHttp(settings: HttpSettings, params: Params, ctx: SourceContext): Promise<Loaded> {
  const response = await request(settings, params, ctx);
  let json: unknown;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new QuireError('data_source_error', { message: 'The data source did not answer JSON.' });
  }
  assertSourceDepth(json);
  return fromJson(pick(json, settings.dataPath));
}

/** Connectivity: the request gets a 2xx answer (its body is not read as data). */
export async function testHttp(settings: HttpSettings, params: Params, ctx: SourceContext): Promise<void> {
  await request(settings, params, ctx);
}
