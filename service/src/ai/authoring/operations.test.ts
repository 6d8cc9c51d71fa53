import { readFile } from 'node:fs/promises';
import { ERROR_CATALOGUE, listPlans } from '@quire/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiPath } from '../../openapi/document';
import { TEAM } from '../../openapi/operation-types';
import { jsonSchemaOf } from '../../openapi/schemas';
import { type AiApp, startAiApp } from './__fixtures__/ai-app';
import { AI_OPERATIONS } from './operations';

describe('AI_OPERATIONS', () => {
  let app: AiApp;
  beforeAll(async () => {
    app = await startAiApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('documents every route the AI routers serve, and only those', () => {
    const served = app.routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    expect(served).toEqual([
      'GET /v1/templates/{id}/messages',
      'POST /v1/ai/templates',
      'POST /v1/templates/{id}/messages',
    ]);
    expect(AI_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort()).toEqual(served);
  });

  it('gives examples that match their schemas', () => {
    for (const op of AI_OPERATIONS) {
      if (op.body) {
        expect(op.body.safeParse(op.bodyExample).error, `${op.operationId} body example`).toBeUndefined();
        jsonSchemaOf(op.body, 'input');
      }
      if (op.query) jsonSchemaOf(op.query, 'input');
      const { schema, example } = op.success;
      const json = jsonSchemaOf(schema as z.ZodType, 'output');
      const validator = new Ajv2020({ strict: false, validateFormats: false });
      expect(validator.validate(json, example), `${op.operationId}: ${JSON.stringify(validator.errors)}`).toBe(true);
      expect((schema as z.ZodType).safeParse(example).error, `${op.operationId} answer example`).toBeUndefined();
    }
  });

  it('lists the errors each route can answer', () => {
    for (const op of AI_OPERATIONS) {
      const errors = new Set(op.errors);
      for (const code of [...TEAM, 'invalid_api_key', 'plan_limit_exceeded', 'validation_failed'] as const) {
        expect(errors.has(code), `${op.operationId} ${code}`).toBe(true);
      }
      if (op.path.includes('{id}')) expect(errors.has('template_not_found'), op.operationId).toBe(true);
      const asks = op.method === 'POST';
      for (const code of ['provider_unavailable', 'ai_timeout', 'idempotency_key_reused'] as const) {
        expect(errors.has(code), `${op.operationId} ${code}`).toBe(asks);
      }
      if (asks) expect(op.success.alternatives).toHaveProperty(['text/event-stream']);
      for (const code of errors) expect(ERROR_CATALOGUE[code], code).toBeDefined();
      expect(op).toMatchObject({ tag: 'AI', security: ['bearer', 'apiKey'], teamScoped: true });
    }
  });

  it("states each plan's monthly AI requests in the README as core's plans have them", async () => {
    const readme = await readFile(new URL('./README.md', import.meta.url), 'utf8');
    for (const plan of listPlans()) {
      const count = plan.limits.ai_requests_per_month.toLocaleString('en-US');
      expect(readme, plan.name).toMatch(new RegExp(`\\| ${plan.name} +\\| ${count} +\\|`));
    }
  });
});
