import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QuireError } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertUrlShape, guardedRequest, OutboundError, parseAllowList, resolveAllowed } from './guard';

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (QuireError.isInstance(error)) return error.code;
    if (error instanceof OutboundError) return error.reason;
    throw error;
  }
};

describe('resolveAllowed', () => {
  const none = { allow: [] };

  it('refuses blocked literal addresses unless the allow-list names them on that port', async () => {
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.1', '0.0.0.0', '::ffff:127.0.0.1']) {
      expect(await codeOf(resolveAllowed(host, 80, none)), host).toBe('outbound_blocked');
    }
    const allow = { allow: parseAllowList('127.0.0.1:5432,[::1]') };
    expect(await resolveAllowed('127.0.0.1', 5432, allow)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await codeOf(resolveAllowed('127.0.0.1', 5433, allow))).toBe('outbound_blocked');
    expect(await resolveAllowed('[::1]', 1, allow)).toEqual({ address: '::1', family: 6 });
    expect(await resolveAllowed('8.8.8.8', 443, none)).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('resolves a name and refuses it when an address is blocked; a host rule allows the name', async () => {
    const error = await resolveAllowed('localhost', 80, none, 'url').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'outbound_blocked', param: 'url' });
    const byName = await resolveAllowed('localhost', 80, { allow: parseAllowList('localhost:80') });
    expect(['127.0.0.1', '::1']).toContain(byName.address);
    expect(await codeOf(resolveAllowed('localhost', 81, { allow: parseAllowList('localhost:80') }))).toBe(
      'outbound_blocked',
    );
  });
});

describe('assertUrlShape', () => {
  it('takes absolute http(s) URLs without credentials', () => {
    expect(assertUrlShape('https://api.example.com/x?y=1', 'url').hostname).toBe('api.example.com');
    for (const bad of ['/relative', 'ftp://example.com/', 'file:///etc/passwd', 'https://u:p@example.com/', 'nope']) {
      expect(() => assertUrlShape(bad, 'url'), bad).toThrow(QuireError);
    }
  });
});

describe('guardedRequest', () => {
  let allowed: Awaited<ReturnType<typeof serve>>;
  let forbidden: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  let forbiddenHits = 0;
  let policy: { allow: ReturnType<typeof parseAllowList> };

  beforeAll(async () => {
    forbidden = await serve((_req, res) => {
      forbiddenHits += 1;
      res.end('reached');
    });
    allowed = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const redirect = (status: number, location: string) => {
          res.statusCode = status;
          res.setHeader('location', location);
          res.end();
        };
        if (url.pathname === '/echo')
          res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString() }));
        else if (url.pathname === '/to-forbidden') redirect(302, `http://127.0.0.1:${forbidden.port}/`);
        else if (url.pathname === '/to-metadata') redirect(307, 'http://169.254.169.254/latest/meta-data/');
        else if (url.pathname === '/to-echo') redirect(Number(url.searchParams.get('status') ?? 302), '/echo');
        else if (url.pathname === '/loop') redirect(302, '/loop');
        else if (url.pathname === '/headers') res.end(JSON.stringify(req.headers));
        else if (url.pathname === '/to-headers') redirect(302, '/headers');
        else if (url.pathname === '/to-other') redirect(302, `http://127.0.0.1:${other.port}/headers`);
        else if (url.pathname === '/big') res.end('x'.repeat(2048));
        else if (url.pathname === '/stream') {
          res.write('x'.repeat(1000));
          setTimeout(() => res.end('x'.repeat(2048)), 20);
        } else if (url.pathname === '/slow') setTimeout(() => res.end('late'), 1000).unref();
        else res.end('hello');
      });
    });
    other = await serve((req, res) => res.end(JSON.stringify(req.headers)));
    policy = { allow: parseAllowList(`127.0.0.1:${allowed.port},127.0.0.1:${other.port}`) };
  });
  afterAll(async () => {
    await allowed?.close();
    await forbidden?.close();
    await other?.close();
  });

  const base = () => `http://127.0.0.1:${allowed.port}`;

  it('fetches from an allowed address, and refuses one that is not allowed', async () => {
    const response = await guardedRequest(`${base()}/`, {}, policy);
    expect(response).toMatchObject({ status: 200, url: `${base()}/` });
    expect(response.body.toString()).toBe('hello');
    expect(await codeOf(guardedRequest(`http://127.0.0.1:${forbidden.port}/`, {}, policy))).toBe('outbound_blocked');
    expect(await codeOf(guardedRequest(`${base()}/`, {}, { allow: [] }))).toBe('outbound_blocked');
    expect(await codeOf(guardedRequest('ftp://example.com/', {}, policy))).toBe('invalid_url');
  });

  it('re-checks every redirect: a hop to an address that is not allowed is refused before connecting', async () => {
    expect(await codeOf(guardedRequest(`${base()}/to-forbidden`, {}, policy))).toBe('outbound_blocked');
    expect(await codeOf(guardedRequest(`${base()}/to-metadata`, {}, policy))).toBe('outbound_blocked');
    expect(forbiddenHits).toBe(0);
  });

  it('follows allowed redirects, turning a POST into a GET after 302 and 303 but not 307', async () => {
    const post = { method: 'POST', body: 'payload' };
    const after302 = await guardedRequest(`${base()}/to-echo?status=302`, post, policy);
    expect(JSON.parse(after302.body.toString())).toEqual({ method: 'GET', body: '' });
    expect(after302.url).toBe(`${base()}/echo`);
    const after303 = await guardedRequest(`${base()}/to-echo?status=303`, post, policy);
    expect(JSON.parse(after303.body.toString())).toEqual({ method: 'GET', body: '' });
    const after307 = await guardedRequest(`${base()}/to-echo?status=307`, post, policy);
    expect(JSON.parse(after307.body.toString())).toEqual({ method: 'POST', body: 'payload' });
  });

  it('stops after maxRedirects', async () => {
    expect(await codeOf(guardedRequest(`${base()}/loop`, {}, policy))).toBe('too_many_redirects');
    expect(await codeOf(guardedRequest(`${base()}/to-echo`, { maxRedirects: 0 }, policy))).toBe('too_many_redirects');
  });

  it('refuses a body larger than maxBytes', async () => {
    expect(await codeOf(guardedRequest(`${base()}/stream`, { maxBytes: 1024 }, policy))).toBe('too_large');
    const fits = await guardedRequest(`${base()}/big`, { maxBytes: 4096 }, policy);
    expect(fits.body.length).toBe(2048);
  });

  // The chunk that crosses maxBytes is the last one: the request must still fail, not resolve with a cut body.
  it('refuses a body larger than maxBytes that arrives in one last chunk', async () => {
    expect(await codeOf(guardedRequest(`${base()}/big`, { maxBytes: 1024 }, policy))).toBe('too_large');
  });

  it('keeps credentials on a same-origin redirect and drops them on a redirect to another origin', async () => {
    const headers = { authorization: 'Bearer secret', cookie: 'session=1', 'x-api-version': '2' };
    const same = JSON.parse((await guardedRequest(`${base()}/to-headers`, { headers }, policy)).body.toString());
    expect(same).toMatchObject(headers);
    const moved = JSON.parse((await guardedRequest(`${base()}/to-other`, { headers }, policy)).body.toString());
    expect(moved.authorization).toBeUndefined();
    expect(moved.cookie).toBeUndefined();
    expect(moved['x-api-version']).toBe('2');
  });

  it('times out the whole exchange', async () => {
    const started = Date.now();
    expect(await codeOf(guardedRequest(`${base()}/slow`, { timeoutMs: 150 }, policy))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = await serve(() => {});
    await closed.close();
    const open = { allow: parseAllowList(`127.0.0.1:${closed.port}`) };
    expect(await codeOf(guardedRequest(`http://127.0.0.1:${closed.port}/`, {}, open))).toBe('network');
  });
});
