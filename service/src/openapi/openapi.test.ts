import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '@quire/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { listRoutes } from '../http/routes';
import { createMailer } from '../mail/index';
import { openStores } from '../store/index';
import { buildOpenApiDocument, openApiPath } from './document';
import { OPERATIONS } from './operations';
import { openApiRouter } from './router';
import { componentSchemas, jsonSchemaOf } from './schemas';

const OPTIONS = { version: '0.1.0', publicUrl: 'http://127.0.0.1:3000' };

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
  components: { schemas: Record<string, unknown> };
};
const doc = buildOpenApiDocument(OPTIONS) as unknown as Doc;

/** `METHOD /path` for every operation of the document. */
function documented(): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

let served: string[];
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-openapi-'));
  const config = loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dir });
  const { store, blobs } = await openStores({ dataDir: dir });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ dataDir: config.dataDir, from: 'Quire <no-reply@quire.test>', logger });
  const app = await createApp({ config, store, blobs, logger, mailer });
  // The document's own route is mounted at the app root next to the app's routes.
  const withDocument = express();
  withDocument.use(openApiRouter(OPTIONS));
  served = [
    ...new Set([...listRoutes(app), ...listRoutes(withDocument)].map((r) => `${r.method} ${openApiPath(r.path)}`)),
  ];
  cleanup = async () => {
    await store.close();
    await blobs.close();
    await rm(dir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('would be caught by the validator if broken (the check is not vacuous)', async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses: object }>> };
    const plans = broken.paths['/v1/plans']?.get;
    if (plans) plans.responses = { '200': { content: {} } };
    const result = await new Validator().validate(broken as unknown as Record<string, unknown>);
    expect(result.valid).toBe(false);
  });

  it('documents every route the app serves, and only those', () => {
    expect(served.length).toBeGreaterThan(30);
    const missing = served.filter((route) => !documented().includes(route));
    const extra = documented().filter((route) => !served.includes(route));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has one table row per route and unique operation ids', () => {
    const rows = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(new Set(rows).size).toBe(rows.length);
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers each error code of a route under its status, referencing the Error schema', () => {
    for (const op of OPERATIONS) {
      const responses = doc.paths[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
      for (const code of op.errors) {
        const response = JSON.stringify(responses[String(ERROR_CATALOGUE[code].status)]);
        expect(response, `${op.method} ${op.path} ${code}`).toContain('#/components/schemas/Error');
        expect(response, `${op.method} ${op.path} ${code}`).toContain(`"${code}"`);
      }
    }
  });

  it('takes the Error schema from core’s ErrorEnvelope', () => {
    const error = doc.components.schemas.Error as { properties: { error: { required: string[] } } };
    expect(error.properties.error.required).toEqual(['type', 'code', 'message', 'request_id']);
    expect(JSON.stringify(error)).toContain('"internal_error"');
  });

  it('describes request bodies from the features’ zod schemas', () => {
    const signup = doc.paths['/v1/auth/signup']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(signup.requestBody.content['application/json'].schema.properties)).toEqual([
      'email',
      'password',
      'data',
    ]);
    const contact = doc.paths['/v1/contact']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(contact.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'message']);
  });

  it('marks public routes public and user routes as needing a bearer token', () => {
    expect(doc.paths['/v1/plans']?.get?.security).toEqual([]);
    expect(doc.paths['/v1/auth/user']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/auth/factors/{id}/verify']?.post?.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('gives examples that match their schemas', () => {
    const components = componentSchemas();
    let checked = 0;
    for (const op of OPERATIONS) {
      if (op.bodyExample !== undefined && op.body) {
        expect(op.body.safeParse(op.bodyExample).success, `${op.operationId} body example`).toBe(true);
        checked++;
      }
      const { schema, example } = op.success;
      if (example === undefined || schema === undefined) continue;
      const json = '_zod' in schema ? jsonSchemaOf(schema as z.ZodType, 'output') : schema;
      // Component references resolve against the document's own schemas.
      const resolved = JSON.parse(JSON.stringify(json).replaceAll('"#/components/schemas/', '"https://quire.test/c/'));
      const validator = new Ajv2020({ strict: false, validateFormats: false });
      for (const [name, component] of Object.entries(components))
        validator.addSchema(component, `https://quire.test/c/${name}`);
      const valid = validator.validate(resolved, example);
      expect(valid, `${op.operationId} example: ${JSON.stringify(validator.errors)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('is built once per set of options', () => {
    expect(buildOpenApiDocument(OPTIONS)).toBe(doc);
    expect(buildOpenApiDocument({ ...OPTIONS, version: '9.9.9' })).not.toBe(doc);
  });
});

describe('GET /openapi.json', () => {
  it('answers the document', async () => {
    const app = express();
    app.use(openApiRouter(OPTIONS));
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { openapi: string; servers: { url: string }[] };
      expect(body).toEqual(JSON.parse(JSON.stringify(doc)));
      expect(body.openapi).toBe('3.1.0');
      expect(body.servers[0]?.url).toBe(OPTIONS.publicUrl);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});
