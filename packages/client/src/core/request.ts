import { uuid } from '../internal/utils';
import { APIConnectionError, type APIError, APITimeoutError, APIUserAbortError, makeError } from './errors';

/** A fetch function: the global one by default; any function with this shape can replace it. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientConfig {
  apiKey: string | undefined;
  baseUrl: string;
  team: string | undefined;
  fetch: Fetch;
  timeout: number;
  maxRetries: number;
  headers: Record<string, string>;
}

/** Options of one call; they override the client's for that call. */
export interface RequestOptions {
  /** Milliseconds to wait for each attempt's answer. */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Aborts the request (and its retries, and the reading of a stream). */
  signal?: AbortSignal;
  /** Your own Idempotency-Key, e.g. to make a retry from another process safe too. */
  idempotencyKey?: string;
  /** The team to act for (`Quire-Team`). */
  team?: string;
  /** More headers; `undefined` removes one the client would send. */
  headers?: Record<string, string | undefined>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  /** Under the base URL, with its `/v1`. */
  path: string;
  query?: object | undefined;
  body?: unknown;
  /** Default `application/json`. */
  accept?: string;
  /** The route honours `Idempotency-Key`: one key is made for the request and sent again on each retry. */
  idempotent?: boolean;
  /** Answer the Response as soon as its headers arrive (files, streams): the timeout stops there. */
  raw?: boolean;
}

const MAX_RETRY_AFTER_MS = 60_000;

/** How long to wait before retry number `attempt + 1`: what the service asked for, else backoff with jitter. */
export function retryDelay(attempt: number, headers?: Headers): number {
  const ms = headers?.get('retry-after-ms');
  const after = headers?.get('retry-after');
  let wait = ms ? Number(ms) : Number.NaN;
  if (Number.isNaN(wait) && after) {
    wait = /^\d+(\.\d+)?$/.test(after.trim()) ? Number(after) * 1000 : Date.parse(after) - Date.now();
  }
  if (wait >= 0 && wait <= MAX_RETRY_AFTER_MS) return wait;
  // 0.5 s, 1 s, 2 s… up to 8 s, each up to a quarter shorter, so that many clients do not retry in step.
  return Math.min(500 * 2 ** attempt, 8000) * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
  });
}

function urlOf(baseUrl: string, path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) {
      params.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Sends a request with the client's credentials and team, retrying what is safe to retry: 408, 429, 5xx, 409
 * `idempotency_key_in_use` and failed connections, `maxRetries` times, honouring `Retry-After`. A POST is retried
 * only where the route honours `Idempotency-Key` (else only on 429, which the service answers before doing
 * anything), since a retried POST must not create a thing twice. Answers the parsed JSON body, or the Response
 * itself with `raw`.
 */
export async function send(config: ClientConfig, spec: RequestSpec, options: RequestOptions = {}): Promise<unknown> {
  const { signal } = options;
  const maxRetries = options.maxRetries ?? config.maxRetries;
  const timeout = options.timeout ?? config.timeout;
  const url = urlOf(config.baseUrl, spec.path, spec.query);
  const headers: Record<string, string | undefined> = {
    accept: spec.accept ?? 'application/json',
    ...config.headers,
  };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const team = options.team ?? config.team;
  if (team) headers['quire-team'] = team;
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  // One key for the logical request: every retry sends the same, so the service does the work at most once.
  if (spec.idempotent || options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey ?? uuid();
  Object.assign(headers, options.headers);
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name.toLowerCase()] = value;
  const retryable = spec.method !== 'POST' || sent['idempotency-key'] !== undefined;

  for (let attempt = 0; ; attempt++) {
    const retriesLeft = attempt < maxRetries;
    if (signal?.aborted) throw new APIUserAbortError();
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const failure = (cause: unknown): APIError => {
      if (signal?.aborted) return new APIUserAbortError({ cause });
      // The URL without its query: enough to see a wrong base URL or port, and nothing of the request's data.
      const where = url.split('?')[0];
      return timedOut
        ? new APITimeoutError({ cause, url: where, timeoutMs: timeout })
        : new APIConnectionError({ cause, url: where });
    };
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };

    let response: Response;
    let text: string;
    try {
      response = await config.fetch(url, { method: spec.method, headers: sent, body, signal: controller.signal });
      if (response.ok && spec.raw) {
        // The caller reads the body; the caller's signal still aborts it, the timeout no longer does.
        clearTimeout(timer);
        return response;
      }
      text = await response.text();
    } catch (cause) {
      done();
      const error = failure(cause);
      if (retriesLeft && retryable && !APIUserAbortError.isInstance(error)) {
        await sleep(retryDelay(attempt), signal);
        continue;
      }
      throw error;
    }
    done();

    const parsed = parse(text);
    if (response.ok) {
      if (text && parsed === undefined) {
        throw makeError(response.status, undefined, response.headers, 'The API answered something that is not JSON.');
      }
      return parsed;
    }
    const { status } = response;
    const code = (parsed as { error?: { code?: unknown } } | undefined)?.error?.code;
    const transient = status === 408 || status >= 500 || (status === 409 && code === 'idempotency_key_in_use');
    if (retriesLeft && (status === 429 || (retryable && transient))) {
      await sleep(retryDelay(attempt, response.headers), signal);
      continue;
    }
    throw makeError(
      status,
      parsed,
      response.headers,
      (parsed as { error?: unknown } | undefined)?.error
        ? undefined
        : `The API answered ${status}: ${text.slice(0, 200)}`,
    );
  }
}

/** Links a caller's signal to a controller of our own. */
export function linkSignal(signal: AbortSignal | undefined, controller: AbortController): void {
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
}
