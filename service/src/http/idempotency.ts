import { createHash } from 'node:crypto';
import { QuireError } from '@quire/core';
import type { RequestHandler, Response } from 'express';
import { secretBox } from '../crypto/secret-box';
import { DuplicateKeyError, RecordTooLargeError, type Store } from '../store/port';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A key is remembered for a day, as Stripe does: long enough for any retry loop. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Responses larger than this are not kept (the request runs again on a retry rather than filling the store).
 * Sealing makes a body 16/9 as large (base64, then the box's base64url), so the largest kept record is about
 * 14.3 MiB: under the 16 MiB a record may take (MAX_RECORD_BYTES), with room for its other fields.
 */
export const MAX_KEPT_BYTES = 8 * 1024 * 1024;
/** A request still "in progress" after this long is taken to have died with its process: the key is free again. */
const STALE_IN_PROGRESS_MS = 5 * 60 * 1000;

/** Headers that are part of what a response says, replayed with its body (not dates, request ids, limits). */
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location', 'quire-report-id'];

interface IdempotencyRecord {
  /** sha256 of scope + key. */
  id: string;
  requestHash: string;
  state: 'in_progress' | 'done';
  status?: number;
  /** The response headers that describe it (content type, file name, location, the report id). */
  headers?: Record<string, string>;
  /** The response body, sealed (AES-256-GCM): a response may carry a secret shown once, such as a webhook's. */
  body?: string;
  createdAt: string;
  expiresAt: string;
}

export interface IdempotencyDeps {
  store: Store;
  now: () => Date;
  /** The server secret: kept responses are sealed with a key derived from it (they may hold a new secret). */
  secret: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Who is asking, after authentication: the acting team and the person or key acting for it. */
function scopeOf(res: Response): string {
  const team = (res.locals.team as { id?: string } | undefined)?.id ?? '-';
  const principal =
    (res.locals.apiKey as { id?: string } | undefined)?.id ??
    (res.locals.embed as { tokenId?: string } | undefined)?.tokenId ??
    (res.locals.user as { id?: string } | undefined)?.id;
  return `${team}:${principal ?? '-'}`;
}

/**
 * `Idempotency-Key` for POST routes that create things (templates, reports, batches, data sources...). Mounted
 * after authentication, so a key is scoped to the team and the caller: nobody replays another caller's response.
 * The same key with the same method, path and body replays the first response (with `Idempotent-Replayed: true`);
 * with another request it answers 409 idempotency_key_reused; while the first is still running, 409
 * idempotency_key_in_use. Server errors (5xx) are not kept, so a retry runs again. Sign-in and token routes do not
 * take it on purpose: replaying a token response would hand out a rotated refresh token twice.
 */
export async function createIdempotency(deps: IdempotencyDeps): Promise<RequestHandler> {
  const { store, now } = deps;
  const box = secretBox(deps.secret, 'idempotency-responses');
  const records = await store.collection<IdempotencyRecord>({ name: 'idempotency_keys', indexes: ['expiresAt'] });
  let lastSweep = 0;

  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (req.method !== 'POST' || key === undefined) {
      next();
      return;
    }
    if (key.length === 0 || key.length > 255) {
      throw new QuireError('validation_failed', {
        param: IDEMPOTENCY_HEADER,
        message: `${IDEMPOTENCY_HEADER} must be 1 to 255 characters.`,
      });
    }
    const at = now();
    if (at.getTime() - lastSweep > 60_000) {
      lastSweep = at.getTime();
      await records.deleteMany({ expiresAt: { $lt: at.toISOString() } });
    }
    const id = sha256(`${scopeOf(res)}\n${key}`);
    const requestHash = sha256(`${req.method} ${req.baseUrl}${req.path}\n${JSON.stringify(req.body ?? null)}`);
    const fresh: IdempotencyRecord = {
      id,
      requestHash,
      state: 'in_progress',
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    };
    try {
      await records.insert(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const existing = await records.get(id);
      if (!existing || existing.expiresAt < at.toISOString()) {
        // Expired but not yet swept: the key starts over.
        if (existing) await records.deleteOne(id);
        await records.insert(fresh);
      } else if (existing.requestHash !== requestHash) {
        throw new QuireError('idempotency_key_reused', { param: IDEMPOTENCY_HEADER });
      } else if (existing.state === 'in_progress') {
        const stale = at.getTime() - Date.parse(existing.createdAt) > STALE_IN_PROGRESS_MS;
        if (!stale) throw new QuireError('idempotency_key_in_use', { param: IDEMPOTENCY_HEADER });
        await records.replace(fresh);
      } else {
        replay(res, existing, Buffer.from(box.open(existing.body ?? box.seal('')), 'base64'));
        return;
      }
    }

    // Keep what the handler sends. res.json ends in res.send, so one hook sees JSON, files and errors alike.
    const send = res.send.bind(res);
    let kept = false;
    res.send = (body?: unknown) => {
      if (!kept) {
        kept = true;
        void keep(body).catch(() => {});
      }
      return send(body as never);
    };
    res.on('close', () => {
      // A handler that never sent (a stream, a dropped connection) frees the key rather than blocking it.
      if (!kept) void records.deleteOne(id).catch(() => {});
    });
    next();

    async function keep(body: unknown) {
      const bytes = Buffer.isBuffer(body)
        ? body
        : body instanceof Uint8Array
          ? Buffer.from(body)
          : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
      if (res.statusCode >= 500 || bytes.length > MAX_KEPT_BYTES) {
        await records.deleteOne(id);
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      try {
        await records.replace({
          ...fresh,
          state: 'done',
          status: res.statusCode,
          headers,
          body: box.seal(bytes.toString('base64')),
        });
      } catch (error) {
        // Too large to keep after all: free the key (a retry runs again) rather than leave it "in progress".
        if (!(error instanceof RecordTooLargeError)) throw error;
        await records.deleteOne(id);
      }
    }
  };
}

function replay(res: Response, record: IdempotencyRecord, body: Buffer): void {
  res.status(record.status ?? 200);
  res.set('Idempotent-Replayed', 'true');
  for (const [name, value] of Object.entries(record.headers ?? {})) res.set(name, value);
  res.send(body);
}
