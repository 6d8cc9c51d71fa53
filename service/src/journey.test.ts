import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './__fixtures__/harness';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await app.close({ removeData: true });
});

async function call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The links of the newest mail of a kind in the development outbox. */
async function outboxLinks(kind: string): Promise<Record<string, string>> {
  const dir = join(app.dataDir, 'outbox');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && f.includes(kind)).sort();
  const newest = files[files.length - 1];
  if (!newest) throw new Error(`no ${kind} mail in the outbox`);
  return (JSON.parse(await readFile(join(dir, newest), 'utf8')) as { links: Record<string, string> }).links;
}

describe('a newcomer’s first minutes, through the mounted app', () => {
  it('signs up, verifies by the outbox link, signs in, sees the personal team and makes an API key', async () => {
    const signup = await call('POST', '/v1/auth/signup', {
      body: { email: 'grace@example.com', password: 'Navy-Cobol-1959', data: { full_name: 'Grace Hopper' } },
    });
    expect(signup.status).toBe(201);
    const { verify } = await outboxLinks('verify_email');
    expect(verify).toMatch(/^http:\/\/localhost:\d+\/v1\/auth\/verify\?token=/);
    const verified = await fetch(`${app.url}${new URL(verify as string).pathname}${new URL(verify as string).search}`);
    expect(verified.status).toBeLessThan(400);

    const session = await call('POST', '/v1/auth/token?grant_type=password', {
      body: { email: 'grace@example.com', password: 'Navy-Cobol-1959' },
    });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: 'grace@example.com' },
    });
    const token = session.body.access_token as string;

    const team = await call('GET', '/v1/team', { token });
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ role: 'owner' });

    const key = await call('POST', '/v1/api-keys', { token, body: { name: 'CI', role: 'editor' } });
    expect(key.status).toBe(201);
    expect(JSON.stringify(key.body)).toMatch(/qk_live_[0-9A-Za-z]{43}/);
    const listed = await call('GET', '/v1/api-keys', { token });
    expect(JSON.stringify(listed.body)).not.toMatch(/qk_live_[0-9A-Za-z]{43}/);

    const profile = await call('PATCH', '/v1/profile', { token, body: { mode_preference: 'boss' } });
    expect(profile.body).toMatchObject({ mode_preference: 'boss' });
  });

  it('refuses the team routes without a session', async () => {
    const response = await call('GET', '/v1/team');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('session_missing');
  });
});

describe('a restart', () => {
  it('finds every account and session on the same data directory', async () => {
    const first = await startApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    const post = (base: string, path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post(first.url, '/v1/auth/signup', { email: 'ada@example.com', password: 'Analytical-1843' });
    const dir = join(first.dataDir, 'outbox');
    const mail = (await readdir(dir)).find((f) => f.endsWith('.json')) as string;
    const verify = (JSON.parse(await readFile(join(dir, mail), 'utf8')) as { links: Record<string, string> }).links
      .verify as string;
    await fetch(`${first.url}${new URL(verify).pathname}${new URL(verify).search}`);
    const session = (await (
      await post(first.url, '/v1/auth/token?grant_type=password', {
        email: 'ada@example.com',
        password: 'Analytical-1843',
      })
    ).json()) as {
      refresh_token: string;
    };
    await first.close();

    const second = await startApp({ RATE_LIMIT_PER_MINUTE: '1000' }, first.dataDir);
    try {
      const login = await post(second.url, '/v1/auth/token?grant_type=password', {
        email: 'ada@example.com',
        password: 'Analytical-1843',
      });
      expect(login.status).toBe(200);
      // The session made before the restart still refreshes: the secret and the tokens were kept.
      const refreshed = await post(second.url, '/v1/auth/token?grant_type=refresh_token', {
        refresh_token: session.refresh_token,
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close({ removeData: true });
    }
  });
});
