import { afterEach, describe, expect, it } from 'vitest';
import { apiError, type FakeServer, fakeServer, json } from './__fixtures__/fake-server';
import { Quire } from './client';
import { Page } from './pagination';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Seven reports over three pages of (at most) three, as the service pages them: newest first, by cursor. */
const ids = ['rep_7', 'rep_6', 'rep_5', 'rep_4', 'rep_3', 'rep_2', 'rep_1'];
function pages(): Promise<FakeServer> {
  return fakeServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const after = url.searchParams.get('starting_after');
    const start = after ? ids.indexOf(after) + 1 : 0;
    const data = ids.slice(start, start + limit).map((id) => ({ object: 'report', id }));
    const has_more = start + limit < ids.length;
    json(res, 200, { object: 'list', data, has_more, next_cursor: has_more ? (data.at(-1)?.id ?? null) : null });
  });
}

describe('pagination', () => {
  it('loops over every item of every page with for await, following next_cursor', async () => {
    server = await pages();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const seen: string[] = [];
    for await (const report of quire.reports.list({ limit: 3, template_id: 'tpl_1' })) seen.push(report.id);
    expect(seen).toEqual(ids);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/reports?limit=3&template_id=tpl_1',
      '/v1/reports?limit=3&template_id=tpl_1&starting_after=rep_5',
      '/v1/reports?limit=3&template_id=tpl_1&starting_after=rep_2',
    ]);
  });

  it('answers the first page when awaited, and the next pages one by one', async () => {
    server = await pages();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const first = await quire.reports.list({ limit: 3 });
    expect(first).toBeInstanceOf(Page);
    expect(first.data.map((r) => r.id)).toEqual(['rep_7', 'rep_6', 'rep_5']);
    expect(first).toMatchObject({ object: 'list', has_more: true, next_cursor: 'rep_5' });
    const second = await first.nextPage();
    const third = await second?.nextPage();
    expect(third?.data.map((r) => r.id)).toEqual(['rep_1']);
    expect(third?.hasNextPage()).toBe(false);
    expect(await third?.nextPage()).toBeNull();
    // A page iterates from itself on.
    const rest: string[] = [];
    for await (const report of second as Page<{ id: string }>) rest.push(report.id);
    expect(rest).toEqual(['rep_4', 'rep_3', 'rep_2', 'rep_1']);
  });

  it('starts the request only when the list is awaited or iterated, and only once', async () => {
    server = await pages();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const list = quire.templates.list({ limit: 100 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);
    const [a, b] = await Promise.all([list, list]);
    expect(a).toBe(b);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects the loop with the typed error of a page that fails', async () => {
    server = await fakeServer((req, res) => {
      if (req.n === 0) json(res, 200, { object: 'list', data: [{ id: 'a' }], has_more: true, next_cursor: 'a' });
      else apiError(res, 400, 'invalid_cursor', { param: 'starting_after' });
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const seen: string[] = [];
    const loop = async () => {
      for await (const source of quire.dataSources.list()) seen.push(source.id);
    };
    await expect(loop()).rejects.toMatchObject({ name: 'BadRequestError', code: 'invalid_cursor' });
    expect(seen).toEqual(['a']);
    await expect(quire.dataSources.list({ starting_after: 'zzz' })).rejects.toMatchObject({ code: 'invalid_cursor' });
  });
});

describe('every list()', () => {
  /** Each resource's `list`, found by walking the client, with what it was called on for the message. */
  function everyList(quire: Quire): { name: string; call: () => unknown }[] {
    const found: { name: string; call: () => unknown }[] = [];
    const walk = (resource: object, name: string, depth: number) => {
      const list = (resource as { list?: unknown }).list;
      if (typeof list === 'function') {
        // list(id, query, options) for a template's versions and messages; list(query?, options?) elsewhere.
        found.push({
          name: `${name}.list`,
          call: () => (list.length >= 3 ? list.call(resource, 'x') : list.call(resource)),
        });
      }
      if (depth > 1) return;
      for (const [key, value] of Object.entries(resource)) {
        if (value && typeof value === 'object' && !key.startsWith('_')) walk(value, `${name}.${key}`, depth + 1);
      }
    };
    walk(quire, 'quire', 0);
    return found;
  }

  it('answers a page that can be awaited, or walked with for await', async () => {
    server = await fakeServer((_req, res) =>
      json(res, 200, { object: 'list', data: [{ id: 'a' }, { id: 'b' }], has_more: false, next_cursor: null }),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const lists = everyList(quire);
    expect(lists.map((l) => l.name)).toEqual(
      expect.arrayContaining([
        'quire.apiKeys.list',
        'quire.team.list',
        'quire.team.members.list',
        'quire.starters.list',
        'quire.plans.list',
        'quire.templates.list',
        'quire.templates.versions.list',
      ]),
    );
    for (const { name, call } of lists) {
      const seen: string[] = [];
      const answer = call() as AsyncIterable<{ id: string }>;
      expect(typeof answer[Symbol.asyncIterator], name).toBe('function');
      for await (const item of answer) seen.push(item.id);
      expect(seen, name).toEqual(['a', 'b']);
      const page = await (call() as Promise<Page<{ id: string }>>);
      expect(page, name).toBeInstanceOf(Page);
      expect(page.hasNextPage(), name).toBe(false);
    }
  });

  it('reads a list that comes whole (no has_more) as one last page', async () => {
    server = await fakeServer((_req, res) => json(res, 200, { object: 'list', data: [{ id: 'free' }, { id: 'pro' }] }));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const page = await quire.plans.list();
    expect(page).toMatchObject({ data: [{ id: 'free' }, { id: 'pro' }], has_more: false, next_cursor: null });
    expect(await page.nextPage()).toBeNull();
    const ids: string[] = [];
    for await (const plan of quire.plans.list()) ids.push(plan.id);
    expect(ids).toEqual(['free', 'pro']);
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/plans', '/v1/plans']);
  });
});
