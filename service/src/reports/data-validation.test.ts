import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

/** A template that asks for its data to be validated, through the mounted app: templates, reports, data sources. */

let app: RunningApp;
let call: ReturnType<typeof apiClient>;
let token: string;
let strict: string;

const HTML = '<h1>{{ customer.name }}</h1>{% for item in items %}<p>{{ item.qty }} × {{ item.sku }}</p>{% endfor %}';
const SCHEMA = {
  type: 'object',
  required: ['customer', 'items'],
  properties: {
    customer: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku', 'qty'],
        properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
      },
    },
    due: { type: 'string', format: 'date' },
  },
};
const GOOD = { customer: { name: 'Ada' }, items: [{ sku: 'A-1', qty: 2 }], due: '2026-04-30' };
const BAD = {
  customer: {},
  items: [
    { sku: 'A-1', qty: 2 },
    { sku: 'B-2', qty: 'two' },
  ],
  due: 'soon',
};

const reportsUsed = async () => (await call('GET', '/v1/usage', { token })).body.usage.reports_per_month.used;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '1000' });
  call = apiClient(app);
  ({ token } = await newAccount(app, 'validator'));
  const created = await call('POST', '/v1/templates', {
    token,
    body: { name: 'Order', html: HTML, data_schema: SCHEMA, validate_data: true, sample_data: GOOD },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ validate_data: true, data_schema: SCHEMA });
  strict = created.body.id;
}, 60_000);

afterAll(async () => {
  await app.close({ removeData: true });
});

describe('a template with validate_data', () => {
  it('refuses report data that does not match its schema, naming the paths that fail, before charging', async () => {
    const used = await reportsUsed();
    const answer = await call('POST', '/v1/reports', { token, body: { template_id: strict, data: BAD } });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'data_invalid', param: 'data', error_count: 3 });
    expect(answer.body.error.errors).toEqual(
      expect.arrayContaining([
        { path: 'customer.name', keyword: 'required', message: 'is required' },
        { path: 'items[1].qty', keyword: 'type', message: 'must be integer' },
        { path: 'due', keyword: 'format', message: 'must match format "date"' },
      ]),
    );
    expect(answer.body.error.message).toContain('customer.name is required');
    expect(await reportsUsed()).toBe(used);
    const reports = await call('GET', `/v1/reports?template_id=${strict}`, { token });
    expect(reports.body.data).toEqual([]);

    const good = await call('POST', '/v1/reports', { token, body: { template_id: strict, data: GOOD } });
    expect(good.status).toBe(201);
  });

  it('refuses bad data of an async report and of a batch item at once, naming the item', async () => {
    const queued = await call('POST', '/v1/reports', { token, body: { template_id: strict, data: BAD, async: true } });
    expect(queued.status).toBe(422);
    expect(queued.body.error.code).toBe('data_invalid');
    const batch = await call('POST', '/v1/reports/batch', {
      token,
      body: {
        items: [
          { template_id: strict, data: GOOD },
          { template_id: strict, data: { ...GOOD, items: [{ sku: 'C-3', qty: 0 }] } },
        ],
      },
    });
    expect(batch.status).toBe(422);
    expect(batch.body.error).toMatchObject({
      code: 'data_invalid',
      param: 'items.1.data',
      errors: [{ path: 'items[0].qty', keyword: 'minimum', message: 'must be >= 1' }],
    });
  });

  it("checks a data source's data when it is read, failing the report and giving it back", async () => {
    const source = await call('POST', '/v1/data-sources', {
      token,
      body: { type: 'static', name: 'Broken order', format: 'json', content: JSON.stringify(BAD) },
    });
    expect(source.status).toBe(201);
    const used = await reportsUsed();
    const answer = await call('POST', '/v1/reports', {
      token,
      body: { template_id: strict, data_source: { id: source.body.id } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'data_invalid', param: 'data_source', error_count: 3 });
    const report = await call('GET', `/v1/reports/${answer.body.error.report_id}`, { token });
    expect(report.body).toMatchObject({ status: 'failed', error: { code: 'data_invalid' } });
    expect(await reportsUsed()).toBe(used);
  });

  it('renders any data once validate_data is turned off', async () => {
    const off = await call('PATCH', `/v1/templates/${strict}`, { token, body: { validate_data: false } });
    expect(off.body).toMatchObject({ validate_data: false, latest_version: 2, published_version: 2 });
    const answer = await call('POST', '/v1/reports', { token, body: { template_id: strict, data: BAD } });
    expect(answer.status).toBe(201);
    // The first version still validates, pinned.
    const pinned = await call('POST', '/v1/reports', { token, body: { template_id: strict, version: 1, data: BAD } });
    expect(pinned.status).toBe(422);
  });

  it('cannot be turned on without a schema to validate against, or with one that cannot validate', async () => {
    const missing = await call('POST', '/v1/templates', {
      token,
      body: { name: 'No schema', html: '<p>{{ a }}</p>', validate_data: true },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'validation_failed', param: 'validate_data' });
    const unusable = await call('PATCH', `/v1/templates/${strict}`, {
      token,
      body: { validate_data: true, data_schema: { type: 'object', properties: { a: { type: 'nope' } } } },
    });
    expect(unusable.status).toBe(400);
    expect(unusable.body.error).toMatchObject({ code: 'validation_failed', param: 'data_schema' });
    const dropped = await call('PATCH', `/v1/templates/${strict}`, {
      token,
      body: { validate_data: true, data_schema: null },
    });
    expect(dropped.body.error).toMatchObject({ code: 'validation_failed', param: 'validate_data' });
  });
});
