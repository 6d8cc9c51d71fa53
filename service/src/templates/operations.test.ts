import { ERROR_CATALOGUE } from '@quire/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiPath } from '../openapi/document';
import { TEAM } from '../openapi/operation-types';
import { jsonSchemaOf } from '../openapi/schemas';
import { startTemplatesApp, type TemplatesApp } from './__fixtures__/templates-app';
import { TEMPLATE_OPERATIONS } from './operations';

describe('TEMPLATE_OPERATIONS', () => {
  let app: TemplatesApp;
  beforeAll(async () => {
    app = await startTemplatesApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('documents every route the templates router serves, and only those', () => {
    const served = app.routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort();
    const documented = TEMPLATE_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort();
    expect(documented).toEqual(served);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('names each operation once, as the client generators expect', () => {
    expect(TEMPLATE_OPERATIONS.map((op) => op.operationId).sort()).toEqual(
      [
        'createTemplate',
        'listTemplates',
        'getTemplate',
        'updateTemplate',
        'deleteTemplate',
        'duplicateTemplate',
        'listTemplateVersions',
        'getTemplateVersion',
        'restoreTemplateVersion',
        'publishTemplateVersion',
        'getTemplateSchema',
        'updateTemplateSchema',
        'getTemplateTypes',
        'previewTemplate',
        'checkTemplate',
      ].sort(),
    );
  });

  it('gives examples that match their schemas (as the OpenAPI test checks them)', () => {
    for (const op of TEMPLATE_OPERATIONS) {
      if (op.body) {
        expect(op.bodyExample, `${op.operationId} has a body example`).toBeDefined();
        expect(op.body.safeParse(op.bodyExample).error, `${op.operationId} body example`).toBeUndefined();
        jsonSchemaOf(op.body, 'input');
      }
      if (op.query) jsonSchemaOf(op.query, 'input');
      const { schema, example } = op.success;
      expect(schema && example, `${op.operationId} has an answer schema and example`).toBeTruthy();
      const json = jsonSchemaOf(schema as z.ZodType, 'output');
      const validator = new Ajv2020({ strict: false, validateFormats: false });
      expect(validator.validate(json, example), `${op.operationId}: ${JSON.stringify(validator.errors)}`).toBe(true);
      expect((schema as z.ZodType).safeParse(example).error, `${op.operationId} answer example`).toBeUndefined();
    }
  });

  it('lists the errors each route can answer', () => {
    for (const op of TEMPLATE_OPERATIONS) {
      const errors = new Set(op.errors);
      for (const code of [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'] as const) {
        expect(errors.has(code), `${op.operationId} ${code}`).toBe(true);
      }
      if (op.path.includes('{id}')) expect(errors.has('template_not_found'), op.operationId).toBe(true);
      if (op.path.includes('{version}') || op.query?.shape.version) {
        expect(errors.has('version_not_found'), op.operationId).toBe(true);
      }
      if (op.body || op.query) expect(errors.has('validation_failed'), op.operationId).toBe(true);
      const idempotent = op.method === 'POST';
      expect(errors.has('idempotency_key_reused'), op.operationId).toBe(idempotent);
      expect(op.headers?.some((h) => h.name === 'Idempotency-Key') ?? false, op.operationId).toBe(idempotent);
      for (const code of errors) expect(ERROR_CATALOGUE[code], code).toBeDefined();
      expect(op).toMatchObject({ tag: 'Templates', security: ['bearer', 'apiKey'], teamScoped: true });
    }
  });
});
