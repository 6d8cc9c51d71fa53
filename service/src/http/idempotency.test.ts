import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeatureApp, startFeatureApp } from '../__fixtures__/feature-app';
import { createIdempotency, MAX_KEPT_BYTES } from './idempotency';

let app: FeatureApp;
let created = 0;
let release: (() => void) | undefined;

beforeAll(async () => {
  app = await startFeatureApp({
    name: 'idempotency',
    async mount(express, { store, now }) {
      // As authentication would: the caller is the team and user the test headers name.
      express.use((req, res, next) => {
        res.locals.team = { id: req.get('X-Team') ?? 'team_a' };
        res.locals.user = { id: req.get('X-User') ?? 'usr_a' };
        next();
      });
      express.use(await createIdempotency({ store, now, secret: 'idempotency-test-secret-0123456789abcdef' }));
      express.post('/things', async (req, res) => {
        if (req.body?.slow) await new Promise<void>((resolve) => (release = resolve));
        if (req.body?.crash) throw new Error('boom');
        created += 1;
        res.status(201).set('Location', `/things/${created}`).json({ id: created, name: req.body?.name });
      });
      express.post('/bytes', (req, res) => {
        created += 1;
        res.type('application/octet-stream').send(Buffer.alloc(Number(req.body?.size), created % 256));
      });
      express.post('/file', (_req, res) => {
        created += 1;
        res.type('application/pdf').send(Buffer.from(`%PDF-1.7 file ${created}`));
      });
    },
  });
});
afterAll(async () => {
  await app.close();
});

const post = (path: string, body: unknown, key?: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}), ...headers },
    body: JSON.stringify(body),
  });

describe('Idempotency-Key', () => {
  it('replays the first response to a retry with the same key and body, without running it again', async () => {
    const first = await post('/things', { name: 'a' }, 'key-1');
    const before = created;
    const again = await post('/things', { name: 'a' }, 'key-1');
    expect(created).toBe(before);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await again.json()).toEqual({ id: before, name: 'a' });
  });

  it('answers 409 when the key comes back with another body', async () => {
    await post('/things', { name: 'b' }, 'key-2');
    const other = await post('/things', { name: 'c' }, 'key-2');
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: unknown }).error).toMatchObject({
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
    });
  });

  it('answers 409 in use while the first request still runs', async () => {
    const slow = post('/things', { slow: true }, 'key-3');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const concurrent = await post('/things', { slow: true }, 'key-3');
    expect(concurrent.status).toBe(409);
    expect(((await concurrent.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_in_use');
    release?.();
    expect((await slow).status).toBe(201);
  });

  it('keeps keys apart per team and caller', async () => {
    const mine = (await (await post('/things', { name: 'd' }, 'shared')).json()) as { id: number };
    const theirs = (await (await post('/things', { name: 'd' }, 'shared', { 'X-Team': 'team_b' })).json()) as {
      id: number;
    };
    const colleague = (await (await post('/things', { name: 'd' }, 'shared', { 'X-User': 'usr_b' })).json()) as {
      id: number;
    };
    expect(new Set([mine.id, theirs.id, colleague.id]).size).toBe(3);
  });

  it('does not keep server errors, so the retry runs again', async () => {
    const failed = await post('/things', { crash: true }, 'key-4');
    expect(failed.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const retried = await post('/things', { crash: true }, 'key-4');
    expect(retried.status).toBe(500);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays files byte for byte with their content type', async () => {
    const first = Buffer.from(await (await post('/file', {}, 'key-5')).arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await post('/file', {}, 'key-5');
    expect(again.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await again.arrayBuffer())).toEqual(first);
  });

  it('keeps the largest response it may keep within one record, and runs a larger one again', async () => {
    const largest = await post('/bytes', { size: MAX_KEPT_BYTES }, 'key-big-1');
    const body = Buffer.from(await largest.arrayBuffer());
    // Kept after the answer is sent: while that runs, the key answers 409 in use.
    const settled = async (size: number, key: string) => {
      for (;;) {
        const answer = await post('/bytes', { size }, key);
        if (answer.status !== 409) return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const replayed = await settled(MAX_KEPT_BYTES, 'key-big-1');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(Buffer.from(await replayed.arrayBuffer()).equals(body)).toBe(true);

    await post('/bytes', { size: MAX_KEPT_BYTES + 1 }, 'key-big-2');
    const again = await settled(MAX_KEPT_BYTES + 1, 'key-big-2');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key after a day', async () => {
    const first = (await (await post('/things', { name: 'e' }, 'key-6')).json()) as { id: number };
    app.deps.clock.offsetMs = 25 * 3600 * 1000;
    try {
      const later = (await (await post('/things', { name: 'e' }, 'key-6')).json()) as { id: number };
      expect(later.id).not.toBe(first.id);
    } finally {
      app.deps.clock.offsetMs = 0;
    }
  });

  it('keeps responses sealed: a secret in a replayed answer is not readable in the store', async () => {
    await post('/things', { name: 'whsec_visible_only_once' }, 'key-7');
    const { readFile, readdir } = await import('node:fs/promises');
    const dbDir = `${app.deps.dir}/db`;
    const files = await readdir(dbDir);
    const raw = (await Promise.all(files.map((f) => readFile(`${dbDir}/${f}`, 'utf8')))).join('');
    expect(files).toContain('idempotency_keys.db');
    expect(raw).not.toContain('whsec_visible_only_once');
    expect(raw).not.toContain(Buffer.from('whsec_visible_only_once').toString('base64').slice(0, 16));
    const again = await post('/things', { name: 'whsec_visible_only_once' }, 'key-7');
    expect(((await again.json()) as { name: string }).name).toBe('whsec_visible_only_once');
  });

  it('refuses an empty or overlong key', async () => {
    const long = await post('/things', {}, 'x'.repeat(256));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: unknown }).error).toMatchObject({
      code: 'validation_failed',
      param: 'Idempotency-Key',
    });
  });
});
