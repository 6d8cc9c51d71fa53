import { openApiDocument } from '@quire/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer, json } from './__fixtures__/fake-server';
import { Quire } from './client';

// The service's OpenAPI document is the contract: every call of the client must be one of its operations, with
// query parameters it declares, and every operation of the public API must have a method.

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string }[];
}
const document = (await openApiDocument()) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
    operation,
  })),
);

/** Sign-up, sessions, profiles and the contact form belong to the dashboard, not to programs. */
const NOT_FOR_PROGRAMS = new Set(['Service', 'Auth', 'Profile', 'Contact']);
/** Routes being built by the AI work: the client follows their agreed contract until the document has them. */
const AI_ROUTES = ['POST /v1/ai/templates', 'POST /v1/templates/{id}/messages', 'GET /v1/templates/{id}/messages'];

let server: FakeServer;
let quire: Quire;
beforeAll(async () => {
  server = await fakeServer((_req, res) =>
    json(res, 200, { object: 'list', data: [], has_more: false, next_cursor: null }),
  );
  quire = new Quire({ apiKey: 'k', baseUrl: server.url, maxRetries: 0 });
});
afterAll(() => server.close());

const T = 'tpl_1';
/** Every method of the client, called once. */
const CALLS: [string, (q: Quire) => Promise<unknown> | PromiseLike<unknown>][] = [
  ['templates.create', (q) => q.templates.create({ name: 'x' })],
  ['templates.get', (q) => q.templates.get(T)],
  ['templates.list', (q) => q.templates.list({ limit: 5, q: 'inv', tag: 'a', starting_after: 'tpl_0' })],
  ['templates.update', (q) => q.templates.update(T, { css: '' })],
  ['templates.delete', (q) => q.templates.delete(T)],
  ['templates.duplicate', (q) => q.templates.duplicate(T)],
  ['templates.publish', (q) => q.templates.publish(T, 2)],
  ['templates.getSchema', (q) => q.templates.getSchema(T, { version: 2 })],
  ['templates.updateSchema', (q) => q.templates.updateSchema(T, { schema: {} })],
  ['templates.getTypes', (q) => q.templates.getTypes(T, { version: 2 })],
  ['templates.preview', (q) => q.templates.preview(T, {})],
  ['templates.previewFile', (q) => q.templates.previewFile(T, {})],
  ['templates.check', (q) => q.templates.check(T, {})],
  ['templates.versions.list', (q) => q.templates.versions.list(T, { limit: 2 })],
  ['templates.versions.get', (q) => q.templates.versions.get(T, 2)],
  ['templates.versions.restore', (q) => q.templates.versions.restore(T, 1)],
  ['templates.messages.create', (q) => q.templates.messages.create(T, { content: 'x' })],
  ['templates.messages.stream', (q) => q.templates.messages.stream(T, { content: 'x' }).finalResult()],
  ['templates.messages.list', (q) => q.templates.messages.list(T, { order: 'desc', limit: 10 })],
  ['reports.create', (q) => q.reports.create({ template_id: T, data: {} })],
  ['reports.createFile', (q) => q.reports.createFile({ template_id: T, data: {} })],
  [
    'reports.list',
    (q) =>
      q.reports.list({
        template_id: T,
        status: 'failed',
        batch_id: 'bat_1',
        created_after: '2026-01-01T00:00:00Z',
        created_before: new Date(),
      }),
  ],
  ['reports.get', (q) => q.reports.get('rep_1')],
  ['reports.daily', (q) => q.reports.daily({ days: 7 })],
  ['reports.delete', (q) => q.reports.delete('rep_1')],
  ['reports.download', (q) => q.reports.download('rep_1')],
  ['reports.createFileLink', (q) => q.reports.createFileLink('rep_1')],
  ['reports.batches.create', (q) => q.reports.batches.create({ items: [{ template_id: T, data: {} }] })],
  ['reports.batches.get', (q) => q.reports.batches.get('bat_1')],
  ['jobs.get', (q) => q.jobs.get('job_1')],
  ['ai.generate', (q) => q.ai.generate({ prompt: 'x', data_sample: {} })],
  ['ai.generateStream', (q) => q.ai.generateStream({ prompt: 'x', data_sample: {} }).finalResult()],
  ['dataSources.create', (q) => q.dataSources.create({ type: 'static', name: 'x', format: 'json', content: '[]' })],
  ['dataSources.get', (q) => q.dataSources.get('ds_1')],
  ['dataSources.list', (q) => q.dataSources.list({ limit: 1 })],
  ['dataSources.update', (q) => q.dataSources.update('ds_1', { name: 'y' })],
  ['dataSources.delete', (q) => q.dataSources.delete('ds_1')],
  ['dataSources.test', (q) => q.dataSources.test('ds_1')],
  ['dataSources.preview', (q) => q.dataSources.preview('ds_1', { limit: 5 })],
  ['fonts.upload', (q) => q.fonts.upload({ family: 'Brand Sans', data: new Uint8Array([0, 1, 0, 0]) })],
  ['fonts.list', (q) => q.fonts.list({ limit: 1 })],
  ['fonts.get', (q) => q.fonts.get('Brand Sans')],
  ['fonts.delete', (q) => q.fonts.delete('Brand Sans')],
  ['apiKeys.create', (q) => q.apiKeys.create({ name: 'x', role: 'viewer' })],
  ['apiKeys.list', (q) => q.apiKeys.list()],
  ['apiKeys.revoke', (q) => q.apiKeys.revoke('key_1')],
  ['apiKeys.update', (q) => q.apiKeys.update('key_1', { allowed_origins: ['https://app.example.com'] })],
  ['embedTokens.create', (q) => q.embedTokens.create({ template_ids: [T], permissions: ['edit', 'preview'] })],
  ['team.get', (q) => q.team.get()],
  ['team.list', (q) => q.team.list()],
  ['team.members.list', (q) => q.team.members.list()],
  ['team.members.update', (q) => q.team.members.update('usr_1', { role: 'editor' })],
  ['team.members.remove', (q) => q.team.members.remove('usr_1')],
  ['team.invitations.create', (q) => q.team.invitations.create({ email: 'a@example.com' })],
  ['team.invitations.resend', (q) => q.team.invitations.resend('inv_1')],
  ['team.invitations.revoke', (q) => q.team.invitations.revoke('inv_1')],
  ['team.invitations.accept', (q) => q.team.invitations.accept('token')],
  ['usage.get', (q) => q.usage.get()],
  ['plans.list', (q) => q.plans.list()],
  ['subscription.get', (q) => q.subscription.get()],
  ['subscription.change', (q) => q.subscription.change({ plan: 'starter' })],
  ['starters.list', (q) => q.starters.list()],
  ['starters.get', (q) => q.starters.get('invoice')],
  ['auditLog.list', (q) => q.auditLog.list({ action: 'api_key.created' })],
  ['webhooks.getSigningSecret', (q) => q.webhooks.getSigningSecret()],
  ['webhooks.rotateSigningSecret', (q) => q.webhooks.rotateSigningSecret({ overlap_seconds: 60 })],
  ['webhooks.endpoints.create', (q) => q.webhooks.endpoints.create({ url: 'https://example.com' })],
  ['webhooks.endpoints.get', (q) => q.webhooks.endpoints.get('we_1')],
  ['webhooks.endpoints.list', (q) => q.webhooks.endpoints.list()],
  ['webhooks.endpoints.update', (q) => q.webhooks.endpoints.update('we_1', { enabled: false })],
  ['webhooks.endpoints.delete', (q) => q.webhooks.endpoints.delete('we_1')],
  ['webhooks.endpoints.rotateSecret', (q) => q.webhooks.endpoints.rotateSecret('we_1')],
  ['webhooks.endpoints.test', (q) => q.webhooks.endpoints.test('we_1')],
  [
    'webhooks.deliveries.list',
    (q) => q.webhooks.deliveries.list({ report_id: 'rep_1', endpoint_id: 'we_1', state: 'failed' }),
  ],
  ['webhooks.deliveries.get', (q) => q.webhooks.deliveries.get('whd_1')],
  ['webhooks.deliveries.retry', (q) => q.webhooks.deliveries.retry('whd_1')],
];

describe('the client against the OpenAPI document', () => {
  const called = new Map<string, string>();

  it('calls only operations of the document (or the agreed AI routes), with query parameters they declare', async () => {
    const unknown: string[] = [];
    for (const [name, call] of CALLS) {
      const before = server.requests.length;
      await call(quire);
      expect(server.requests.length, name).toBe(before + 1);
      const request = server.requests.at(-1);
      const url = new URL(request?.url ?? '', 'http://x');
      const match = operations.find((o) => o.method === request?.method && o.pattern.test(url.pathname));
      if (!match) {
        const route = AI_ROUTES.find((r) => {
          const [method, path] = r.split(' ') as [string, string];
          return method === request?.method && new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`).test(url.pathname);
        });
        if (!route) unknown.push(`${name}: ${request?.method} ${url.pathname}`);
        continue;
      }
      called.set(match.operation.operationId, name);
      const declared = new Set((match.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      for (const key of url.searchParams.keys()) expect(declared, `${name}: ?${key}`).toContain(key);
      // Idempotency-Key exactly where the document offers it.
      const takesKey = (match.operation.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(Boolean(request?.headers['idempotency-key']), `${name}: Idempotency-Key`).toBe(takesKey);
    }
    expect(unknown).toEqual([]);
  });

  it('has a method for every operation of the public API', () => {
    const missing = operations
      .filter(({ operation }) => !operation.tags.some((tag) => NOT_FOR_PROGRAMS.has(tag)))
      .filter(({ operation }) => !called.has(operation.operationId))
      .map(({ method, path, operation }) => `${operation.operationId} (${method} ${path})`);
    expect(missing).toEqual([]);
  });
});
