import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

// The whole app, for its 10 MB body limit on /v1/templates: the caps are what keeps a version a storable record.
let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close({ removeData: true });
});

describe('template versions stay storable records', () => {
  it('caps sample_data and data_schema (413 naming the field), so that saves cannot grow a version past 16 MiB', async () => {
    const call = apiClient(app);
    const { token } = await newAccount(app, 'caps');
    const made = await call('POST', '/v1/templates', { token, body: { name: 'Large data', html: '<p>{{ a }}</p>' } });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    // Each body fits the 10 MB limit; two such saves used to build a version over MongoDB's 16 MiB.
    const bigSample = { rows: Array.from({ length: 4 }, () => 'x'.repeat(1024 * 1024 + 10)) };
    const bigSchema = { type: 'object', description: 'y'.repeat(1024 * 1024 + 10) };

    const sample = await call('PATCH', `/v1/templates/${id}`, { token, body: { sample_data: bigSample } });
    expect(sample.status).toBe(413);
    expect(sample.body.error).toMatchObject({ code: 'payload_too_large', param: 'sample_data' });
    const schema = await call('PATCH', `/v1/templates/${id}`, { token, body: { data_schema: bigSchema } });
    expect(schema.status).toBe(413);
    expect(schema.body.error).toMatchObject({ code: 'payload_too_large', param: 'data_schema' });
    const created = await call('POST', '/v1/templates', { token, body: { name: 'Big', sample_data: bigSample } });
    expect(created.status).toBe(413);
    expect((await call('GET', `/v1/templates/${id}`, { token })).body.latest_version).toBe(1);

    // Just under both caps, in two saves: kept.
    const sampleFits = { rows: ['x'.repeat(4 * 1024 * 1024 - 100)] };
    const schemaFits = { type: 'object', description: 'y'.repeat(1024 * 1024 - 100) };
    expect((await call('PATCH', `/v1/templates/${id}`, { token, body: { sample_data: sampleFits } })).status).toBe(200);
    const both = await call('PATCH', `/v1/templates/${id}`, { token, body: { data_schema: schemaFits } });
    expect(both.status).toBe(200);
    expect(both.body.sample_data.rows[0]).toHaveLength(4 * 1024 * 1024 - 100);
    expect(both.body.data_schema.description).toHaveLength(1024 * 1024 - 100);
  });
});
