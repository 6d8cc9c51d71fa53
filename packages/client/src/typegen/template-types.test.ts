import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer, json } from '../__fixtures__/fake-server';
import { Quire } from '../client';
import type { TemplateSummary } from '../types';
import { templateTypes } from './template-types';

let server: FakeServer | undefined;
/** What the fake service lists, in its order. */
let listed: TemplateSummary[] = [];
beforeAll(async () => {
  server = await fakeServer((req, res) => {
    const types = /^\/v1\/templates\/([^/]+)\/types/.exec(req.url);
    if (!types) return json(res, 200, { object: 'list', data: listed, has_more: false, next_cursor: null });
    const found = listed.find((t) => t.id === decodeURIComponent(types[1] ?? ''));
    const typeName = `${found?.name.replace(/\W/g, '')}Data`;
    json(res, 200, {
      object: 'template_types',
      template_id: found?.id,
      version: 1,
      type_name: typeName,
      typescript: `export interface ${typeName} {\n  n: number;\n}\n`,
    });
  });
});
afterAll(async () => {
  await server?.close();
});

const template = (id: string, name: string, created_at: string): TemplateSummary => ({
  id,
  team_id: 'team_1',
  name,
  description: '',
  kind: 'document',
  tags: [],
  published_version: 1,
  latest_version: 1,
  created_at,
  updated_at: created_at,
});

/** The types of the team's templates, listed in the given order (the list's order is the server's business). */
function pull(templates: TemplateSummary[]): Promise<string> {
  listed = templates;
  return templateTypes(new Quire({ apiKey: 'k', baseUrl: server?.url, maxRetries: 0 }));
}

/** The names each template id got: `{ tpl_…: 'Invoice' }`. */
const namesOf = (source: string): Record<string, string> =>
  Object.fromEntries([...source.matchAll(/^export type (\w+)TemplateId = '([^']+)';$/gm)].map((m) => [m[2], m[1]]));

describe('quire-client types pull names', () => {
  const first = template('tpl_zz9FirstQ1w2e3r4', 'Invoice', '2026-01-05T10:00:00.000Z');
  const second = template('tpl_aa1-Sec0ndT5y6u7', 'Invoice', '2026-02-05T10:00:00.000Z');
  const third = template('tpl_mm5ThirdI8o9p0a1', 'Invoice', '2026-03-05T10:00:00.000Z');
  const receipt = template('tpl_rr2Receipt', 'Receipt', '2026-01-01T10:00:00.000Z');

  it('keeps the names a template had when a template of the same name is added or removed', async () => {
    expect(namesOf(await pull([first, receipt]))).toEqual({
      tpl_zz9FirstQ1w2e3r4: 'Invoice',
      tpl_rr2Receipt: 'Receipt',
    });
    // A newer Invoice whose id sorts first does not take the name of the older one.
    const all = namesOf(await pull([second, receipt, third, first]));
    expect(all).toEqual({
      tpl_zz9FirstQ1w2e3r4: 'Invoice',
      'tpl_aa1-Sec0ndT5y6u7': 'Invoice_aa1Sec0n',
      tpl_mm5ThirdI8o9p0a1: 'Invoice_mm5Third',
      tpl_rr2Receipt: 'Receipt',
    });
    // Removing one leaves the others' names as they were.
    expect(namesOf(await pull([third, first, receipt]))).toEqual({
      tpl_zz9FirstQ1w2e3r4: 'Invoice',
      tpl_mm5ThirdI8o9p0a1: 'Invoice_mm5Third',
      tpl_rr2Receipt: 'Receipt',
    });
  });

  it('writes the same file whatever order the templates are listed in', async () => {
    const once = await pull([first, second, third, receipt]);
    expect(await pull([receipt, third, second, first])).toBe(once);
    expect([...once.matchAll(/^export type (\w+)TemplateId/gm)].map((m) => m[1])).toEqual([
      'Receipt',
      'Invoice',
      'Invoice_aa1Sec0n',
      'Invoice_mm5Third',
    ]);
  });
});
