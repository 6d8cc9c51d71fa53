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
