import { ERROR_CATALOGUE } from '@quire/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument, openApiPath } from '../openapi/document';
import type { Operation } from '../openapi/operation-types';
import { startWebhooksApp, type WebhooksApp } from './__fixtures__/webhooks-app';
import { WEBHOOK_OPERATIONS } from './operations';

// The service's table as openapi/operations.ts will build it once it lists WEBHOOK_OPERATIONS: the document is
// then built and validated with them, before app.ts mounts the routers.
vi.mock('../openapi/operations', async (importOriginal) => {
  const original = await importOriginal<typeof import('../openapi/operations')>();
  const { WEBHOOK_OPERATIONS: webhooks } = await import('./operations');
  const { ANY, JSON_BODY } = await import('../openapi/operation-types');
  const withShared = webhooks.map((entry) => {
    const shared = entry.method === 'GET' || entry.method === 'DELETE' ? ANY : [...ANY, ...JSON_BODY];
    return { ...entry, errors: [...new Set([...shared, ...(entry.errors ?? [])])] } as Operation;
  });
  return { ...original, OPERATIONS: [...original.OPERATIONS, ...withShared] };
});

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

let app: WebhooksApp;
beforeAll(async () => {
  app = await startWebhooksApp({});
});
afterAll(async () => {
  await app.close();
});

describe('WEBHOOK_OPERATIONS', () => {
  it('documents every webhook route, and only those', () => {
    const served = app.routes
      .filter((r) => r.path.startsWith('/v1/webhook-'))
      .map((r) => `${r.method} ${openApiPath(r.path)}`)
      .sort();
    const documented = WEBHOOK_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort();
    expect(documented).toEqual(served);
    expect(served).toHaveLength(12);
  });

  it('has unique operation ids, the Webhooks tag, and says how to verify a signature', () => {
    expect(new Set(WEBHOOK_OPERATIONS.map((op) => op.operationId)).size).toBe(WEBHOOK_OPERATIONS.length);
    for (const op of WEBHOOK_OPERATIONS) {
      expect(op.tag).toBe('Webhooks');
      expect(op.teamScoped).toBe(true);
      for (const code of op.errors ?? []) expect(ERROR_CATALOGUE[code], code).toBeDefined();
    }
    const create = WEBHOOK_OPERATIONS.find((op) => op.operationId === 'createWebhookEndpoint');
    expect(create?.description).toMatch(/Quire-Signature: t=<unix seconds>,v1=<hex>/);
    expect(create?.description).toMatch(/HMAC-SHA256/);
  });

  it('gives examples that match their schemas', () => {
    for (const op of WEBHOOK_OPERATIONS) {
      if (op.body && op.bodyExample !== undefined) {
        expect(op.body.safeParse(op.bodyExample).success, `${op.operationId} body`).toBe(true);
      }
      if (op.method === 'POST' && op.body) expect(op.bodyExample, op.operationId).toBeDefined();
      const { schema, example } = op.success;
      expect(example, op.operationId).toBeDefined();
      if (isZod(schema)) {
        const parsed = schema.safeParse(example);
        expect(parsed.success, `${op.operationId} success: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it('builds a valid OpenAPI 3.1 document with the service’s own operations', async () => {
    const doc = buildOpenApiDocument({ version: '0.0.0-webhooks', publicUrl: 'http://127.0.0.1:3000' }) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/webhook-endpoints/{id}/rotate-secret', '/v1/webhook-deliveries/{id}/retry']),
    );
    const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });
});
