import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../__fixtures__/actors';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { buildOpenApiDocument } from '../openapi/document';
import { OPERATIONS, type Operation } from '../openapi/operations';
import { EMBED_PERMISSIONS, EMBED_ROUTE_KEYS, EMBED_ROUTES, type EmbedRoute } from './scope';

// Every route of the OpenAPI document, called with an embed token: the routes of the allow-list run, every other one
// answers 403 embed_scope before it does anything; a template outside the token's scope answers 404; a permission
// the token lacks answers 403 embed_scope.

let app: RunningApp;
let keySecret: string;
let inScope: string;
let outOfScope: string;
/** Every permission, new templates, and one template. */
let full: string;
/** The same template, no permission and no new templates: reading only. */
let readOnly: string;

const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;
const rowOf = (op: Operation): EmbedRoute | undefined => EMBED_ROUTES.find((r) => keyOf(r) === keyOf(op));

/** The operation's path with its parameters filled: templates are `template`, starters a real one. */
function pathOf(op: Pick<Operation, 'path'>, template: string): string {
  return op.path
    .replace(/^\/v1\/templates\/\{id\}/, `/v1/templates/${template}`)
    .replace('/v1/starters/{id}', '/v1/starters/invoice')
    .replace('{version}', '1')
    .replace(/\{\w+\}/g, 'x_1');
}

function send(token: string, op: Operation, template: string): Promise<Answer> {
  const bodyless = op.method === 'GET' || op.method === 'DELETE';
  return app.actors.call(token, pathOf(op, template), {
    method: op.method,
    ...(bodyless ? {} : { body: {} }),
  });
}

async function mint(body: Record<string, unknown>): Promise<string> {
  const minted = await app.actors.call(keySecret, '/v1/embed-tokens', { method: 'POST', body });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  return minted.body.token as string;
}

const describeAnswer = (op: Operation, answer: Answer) =>
  `${keyOf(op)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const owner = await app.actors.signUp('matrix');
  await app.actors.setPlan(owner.teamId, 'enterprise');
  keySecret = await app.actors.apiKey(owner, 'admin');
  const made = async (name: string) =>
    (await app.actors.call(keySecret, '/v1/templates', { method: 'POST', body: { name, html: '<p>{{ a }}</p>' } })).body
      .id as string;
  inScope = await made('In scope');
  outOfScope = await made('Out of scope');
  full = await mint({ template_ids: [inScope], new_templates: true, permissions: [...EMBED_PERMISSIONS] });
  readOnly = await mint({ template_ids: [inScope] });
});
afterAll(async () => {
  await app?.close({ removeData: true });
});

describe('the embed allow-list', () => {
  it('names operations of the document only, and the document marks exactly those as taking an embed token', () => {
    const documented = new Set(OPERATIONS.map(keyOf));
    expect(EMBED_ROUTES.map(keyOf).filter((route) => !documented.has(route))).toEqual([]);
    const doc = buildOpenApiDocument({ version: 'test', publicUrl: 'http://127.0.0.1' }) as {
      paths: Record<string, Record<string, { security: Record<string, unknown>[] }>>;
    };
    const marked = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.security.some((s) => 'embedToken' in s))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set(marked)).toEqual(new Set(EMBED_ROUTE_KEYS));
  });
});

describe('the scope table of service/README.md', () => {
  it('has one row per allowed route, with the permissions it needs', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Embed tokens'), readme.indexOf('## Configuration'));
    const rows = section
      .split('\n')
      .filter((line) => /^\| `(GET|POST|PUT|PATCH) /.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => cells[1])).toEqual(EMBED_ROUTES.map((r) => `\`${keyOf(r)}\``));
    for (const [index, route] of EMBED_ROUTES.entries()) {
      const needs = [...route.needs, ...(route.creates ? ['new_templates'] : [])];
      const said = rows[index]?.[2] ?? '';
      expect(said, keyOf(route)).toMatch(
        needs.length === 0 ? /^none$/ : new RegExp(`^${needs.map((n) => `\`${n}\``).join(', ')}`),
      );
      expect(said.includes('+ `publish`'), keyOf(route)).toBe(route.publishesUnlessDraft === true);
    }
  });
});

describe('every route of the OpenAPI document with an embed token', () => {
  it('runs the allowed routes and refuses every other one with 403 embed_scope', async () => {
    expect(OPERATIONS.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    let allowed = 0;
    for (const op of OPERATIONS) {
      const answer = await send(full, op, inScope);
      const code = answer.body?.error?.code as string | undefined;
      if (EMBED_ROUTE_KEYS.has(keyOf(op))) {
        allowed += 1;
        // It reached the route: whatever the route answers to an empty body, it is not a refusal of the token.
        if (answer.status === 401 || answer.status === 403 || code === 'route_not_found') {
          wrong.push(describeAnswer(op, answer));
        }
      } else if (answer.status !== 403 || code !== 'embed_scope') {
        wrong.push(describeAnswer(op, answer));
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBe(EMBED_ROUTES.length);
  }, 120_000);

  it('answers 404 template_not_found on every template route for a template outside its scope', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS.filter((o) => rowOf(o)?.template)) {
      const answer = await send(full, op, outOfScope);
      if (answer.status !== 404 || answer.body?.error?.code !== 'template_not_found') {
        wrong.push(describeAnswer(op, answer));
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('refuses the routes that need a permission (or new templates) to a token without it, and reads with none', async () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      const row = rowOf(op);
      if (!row) continue;
      const answer = await send(readOnly, op, inScope);
      const refused = answer.status === 403 && answer.body?.error?.code === 'embed_scope';
      const needsSomething = row.needs.length > 0 || row.creates === true || row.publishesUnlessDraft === true;
      if (refused !== needsSomething) wrong.push(`${describeAnswer(op, answer)} (needs ${row.needs.join(', ')})`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('refuses each permission alone: a token with all the others cannot do what needs it', async () => {
    const wrong: string[] = [];
    for (const missing of EMBED_PERMISSIONS) {
      const token = await mint({
        template_ids: [inScope],
        new_templates: true,
        permissions: EMBED_PERMISSIONS.filter((p) => p !== missing),
      });
      for (const op of OPERATIONS) {
        const row = rowOf(op);
        if (!row) continue;
        const needs = [...row.needs, ...(row.publishesUnlessDraft ? ['publish'] : [])];
        const answer = await send(token, op, inScope);
        const refused = answer.status === 403 && answer.body?.error?.code === 'embed_scope';
        if (refused !== needs.includes(missing)) wrong.push(`without ${missing}: ${describeAnswer(op, answer)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
