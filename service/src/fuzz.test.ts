import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from './__fixtures__/api-client';
import {
  type BodyCase,
  fieldBodies,
  PATH_VALUES,
  plausibleBody,
  QUERY_VALUES,
  WHOLE_BODIES,
} from './__fixtures__/fuzz-inputs';
import { createApp, type QuireApp } from './app';
import { loadConfig } from './config';
import { createMailer } from './mail/index';
import type { Operation } from './openapi/operation-types';
import { OPERATIONS } from './openapi/operations';
import { jsonSchemaOf } from './openapi/schemas';
import { openStores } from './store/index';
import { type Receiver, startReceiver } from './webhooks/__fixtures__/receiver';

/**
 * Every operation of the OpenAPI document, called by a signed-in person and by an API key with hostile path
 * parameters, query strings and bodies: no answer may be a 5xx, every error must carry a code, and nothing a
 * client got wrong may be logged at error level (that level pages an operator).
 */

interface LogLine {
  level: number;
  msg?: string;
  request_id?: string;
  err?: { message?: string; stack?: string };
}

interface Outcome {
  call: string;
  status: number;
  requestId: string;
  /** The error envelope's code, when the answer had one. */
  code: string | undefined;
  text: string;
  ms: number;
}

const ERROR_LEVEL = 50;
const logLines: LogLine[] = [];
const outcomes: Outcome[] = [];
const driven = new Set<string>();
/** The jobs hostile requests queued: their renders run in the background and must fail as cleanly. */
const queuedJobs: string[] = [];

let url: string;
let app: QuireApp;
let close: () => Promise<void>;
/** Real ids, by the path prefix their `{id}` follows, so that a route gets past "not found" to its work. */
const realIds = new Map<string, string>();
let ownerToken: string;
let apiKey: string;
/**
 * Where the world's webhooks and HTTP data sources point: a receiver on loopback that the service is allowed to
 * reach. The documents' example hosts (hooks.example.com) do not resolve from a machine without a network, and each
 * save waited two seconds for DNS and each test delivery five: a quarter of this file's time, spent idle.
 */
let receiver: Receiver;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-fuzz-'));
  receiver = await startReceiver();
  const config = loadConfig({
    NODE_ENV: 'test',
    QUIRE_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`,
    QUIRE_DATA_DIR: dir,
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const { store, blobs } = await openStores({ dataDir: dir });
  // Warnings and errors are kept: the test reads what an operator would be paged for.
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  const mailer = createMailer({ dataDir: config.dataDir, from: 'Quire <no-reply@quire.test>', logger });
  app = await createApp({ config, store, blobs, logger, mailer });
  const server = app.listen(0, '127.0.0.1');
  app.start();
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await app.shutdown();
    await store.close();
    await blobs.close();
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  };
  await createWorld(dir);
}, 60_000);
afterAll(async () => {
  await close();
});

/** An account on the top plan with one of everything, so that routes with real ids reach their work. */
async function createWorld(dataDir: string) {
  const owner = await newAccount({ url, dataDir }, 'fuzzowner');
  ownerToken = owner.token;
  const call = apiClient({ url });
  const as = (method: string, path: string, body?: unknown) =>
    call(method, path, { token: ownerToken, headers: { Accept: 'application/json' }, ...(body ? { body } : {}) });
  const ok = async (answer: Promise<{ status: number; body: Record<string, unknown> }>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`setting up the fuzz world failed: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  await ok(as('POST', '/v1/subscription', { plan: 'enterprise' }));
  const key = await ok(as('POST', '/v1/api-keys', { name: 'fuzz', role: 'admin' }));
  apiKey = key.secret as string;
  realIds.set('/v1/api-keys', key.id as string);
  const template = await ok(
    as('POST', '/v1/templates', {
      name: 'Invoice',
      html: '<h1>Invoice for {{ customer.name }}</h1>{% for item in items %}<p>{{ item.price }}</p>{% endfor %}',
      sample_data: { customer: { name: 'Ada' }, items: [{ price: 1 }] },
    }),
  );
  realIds.set('/v1/templates', template.id as string);
  const report = await ok(as('POST', '/v1/reports', { template_id: template.id, data: { customer: { name: 'B' } } }));
  realIds.set('/v1/reports', report.id as string);
  const job = await ok(as('POST', '/v1/reports', { template_id: template.id, data: {}, async: true }));
  realIds.set('/v1/jobs', job.id as string);
  const batch = await ok(as('POST', '/v1/reports/batch', { items: [{ template_id: template.id, data: {} }] }));
  realIds.set('/v1/reports/batches', batch.id as string);
  const source = await ok(
    as('POST', '/v1/data-sources', {
      type: 'static',
      name: 'People',
      format: 'json',
      content: JSON.stringify([{ name: 'Ada', ssn: '078-05-1120' }]),
    }),
  );
  realIds.set('/v1/data-sources', source.id as string);
  const endpoint = await ok(as('POST', '/v1/webhook-endpoints', { url: receiver.url('/quire') }));
  realIds.set('/v1/webhook-endpoints', endpoint.id as string);
  const invitation = await ok(as('POST', '/v1/team/invitations', { email: 'guest@example.com', role: 'viewer' }));
  realIds.set('/v1/team/invitations', invitation.id as string);
  const factor = await ok(as('POST', '/v1/auth/factors', { factor_type: 'totp' }));
  realIds.set('/v1/auth/factors', factor.id as string);
  realIds.set('/v1/team/members', owner.userId);
  realIds.set('/v1/starters', 'invoice');
  // Templates nested deeper than a renderer may follow, in their source or only once Liquid has run; each one
  // the service accepts is previewed, checked and rendered below.
  for (const body of HOSTILE_TEMPLATES) {
    const { status, body: created } = await as('POST', '/v1/templates', body);
    if (status === 201) hostileTemplates.push({ name: body.name, id: created.id as string });
    else if (status >= 500) throw new Error(`creating ${body.name} answered ${status}`);
  }
}

const deepLoop = (open: string, close: string, n: number) =>
  `{% for i in (1..${n}) %}${open}{% endfor %}x{% for i in (1..${n}) %}${close}{% endfor %}`;
const HOSTILE_TEMPLATES = [
  { name: 'HTML nested 10,000 deep', html: `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}` },
  { name: 'HTML nested 10,000 deep by a loop', html: deepLoop('<div>', '</div>', 10_000) },
  { name: 'a table nested 3,000 deep by a loop', html: deepLoop('<table><tr><td>', '</td></tr></table>', 3_000) },
  { name: 'a list nested 3,000 deep by a loop', html: deepLoop('<ul><li>', '</li></ul>', 3_000) },
  { name: 'spans nested 10,000 deep by a loop', html: deepLoop('<span>', '</span>', 10_000) },
  { name: 'SVG nested 10,000 deep by a loop', html: `<svg>${deepLoop('<g>', '</g>', 10_000)}</svg>` },
  { name: 'a header nested 10,000 deep', html: '<p>x</p>', header_html: deepLoop('<div>', '</div>', 10_000) },
  { name: 'Liquid nested 2,000 deep', html: `${'{% if a %}'.repeat(2_000)}x${'{% endif %}'.repeat(2_000)}` },
  {
    name: 'a variable path grown by 5,000 assigns',
    html: `{% assign v = a %}${'{% assign v = v.b %}'.repeat(5_000)}{{ v }}`,
  },
  {
    name: 'an email nested 3,000 deep by a loop',
    kind: 'email',
    html: `<mjml><mj-body>${deepLoop('<mj-wrapper>', '</mj-wrapper>', 3_000)}</mj-body></mjml>`,
  },
  {
    name: 'an email with HTML nested 10,000 deep',
    kind: 'email',
    html: `<mjml><mj-body><mj-section><mj-column><mj-text>${deepLoop('<div>', '</div>', 10_000)}</mj-text></mj-column></mj-section></mj-body></mjml>`,
  },
];
const hostileTemplates: { name: string; id: string }[] = [];

/** The real value of a path parameter: an id of the world, or version 1. */
function realParam(op: Operation, name: string): string {
  if (name === 'version') return '1';
  const prefix = op.path.slice(0, op.path.indexOf(`{${name}}`) - 1);
  return realIds.get(prefix) ?? 'does-not-exist';
}

function fill(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? realParam(op, name));
}

type Credential = { name: string; authorization?: string };

function credentialsOf(op: Operation): Credential[] {
  const out: Credential[] = [];
  if (op.security.includes('bearer')) out.push({ name: 'a person', authorization: `Bearer ${ownerToken}` });
  if (op.security.includes('apiKey')) out.push({ name: 'an API key', authorization: `Bearer ${apiKey}` });
  if (op.security.includes('none')) out.push({ name: 'no credentials' });
  // A forged credential must be refused as cleanly as a missing one.
  out.push({ name: 'a forged token', authorization: 'Bearer not-a-token' });
  return out;
}

async function send(
  label: string,
  op: Operation,
  path: string,
  credential: Credential,
  body?: BodyCase,
  headers: Record<string, string> = {},
): Promise<void> {
  const hasBody = body !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: op.method,
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': body.type ?? 'application/json' } : {}),
      ...(credential.authorization ? { Authorization: credential.authorization } : {}),
      ...headers,
    },
    ...(hasBody ? { body: body.body } : {}),
  });
  const text = await response.text();
  const location = response.headers.get('location');
  if (response.status === 202 && location?.startsWith('/v1/jobs/')) queuedJobs.push(location);
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    code = undefined;
  }
  outcomes.push({
    call: `${op.method} ${op.path} by ${credential.name} with ${label}`,
    status: response.status,
    requestId: response.headers.get('x-request-id') ?? '',
    code,
    text: text.slice(0, 300),
    ms: Math.round(performance.now() - started),
  });
}

/** Example ids of the document's examples, swapped for the world's real ones. */
function withRealIds(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('tpl_')) return realIds.get('/v1/templates');
    if (value.startsWith('ds_')) return realIds.get('/v1/data-sources');
    if (value.startsWith('rep_')) return realIds.get('/v1/reports');
    if (value.startsWith('https://hooks.example.com/')) return receiver.url('/quire');
    return value;
  }
  if (Array.isArray(value)) return value.map(withRealIds);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRealIds(v)]));
  return value;
}

const mcpCall = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** More plausible bodies where one example covers only one shape of a route's body. */
function extraBases(op: Operation): Record<string, unknown>[] {
  const template = realIds.get('/v1/templates');
  switch (keyOf(op)) {
    case 'POST /v1/templates':
      return [
        { name: 'Email', kind: 'email', html: '<mjml><mj-body><mj-text>Hi {{ name }}</mj-text></mj-body></mjml>' },
      ];
    case 'POST /v1/ai/templates':
      return [{ prompt: 'A password reset email', kind: 'email' }];
    case 'POST /v1/reports':
      return [{ template_id: template, data: { customer: { name: 'Ada' } }, async: true }];
    case 'POST /v1/data-sources':
      return [
        { type: 'static', name: 'JSON', format: 'json', content: '[{"a":1}]' },
        { type: 'static', name: 'CSV', format: 'csv', content: 'a,b\n1,2' },
        { type: 'http', name: 'API', url: receiver.url('/orders') },
      ];
    case 'PATCH /v1/data-sources/{id}':
      return [{ content: '[{"a":2}]', data_path: '$' }];
    case 'POST /mcp':
      return [
        mcpCall('get_template', { template_id: template }),
        mcpCall('preview_template', { template_id: template, data: { customer: { name: 'Ada' } } }),
        mcpCall('generate_report', { template_id: template, data: { customer: { name: 'Ada' } } }),
        mcpCall('check_template', { template_id: template }),
      ];
    default:
      return [];
  }
}

/** Every body to send: whole bodies of the wrong shape, then each plausible body with each field made hostile. */
function bodiesOf(op: Operation): BodyCase[] {
  const bases = [withRealIds(plausibleBody(op)) as Record<string, unknown>, ...extraBases(op)];
  // The AI routes render each answer with eight data sets per round: hostile values inside the sample would cost
  // minutes and meet the same renderer the render routes' nested variants meet.
  const depth = op.tag === 'AI' ? 1 : 3;
  return [
    ...WHOLE_BODIES,
    ...bases.flatMap((base, i) =>
      fieldBodies(base, depth).map((c) => (i === 0 ? c : { ...c, name: `${c.name} (shape ${i + 1})` })),
    ),
  ];
}

/** Routes that read or render a template: each is called again for each hostile template the service accepted. */
function hostileTemplateCalls(op: Operation): { label: string; path: string; body?: BodyCase }[] {
  if (LAST.includes(keyOf(op))) return [];
  const calls: { label: string; path: string; body?: BodyCase }[] = [];
  for (const { name, id } of hostileTemplates) {
    if (op.path.startsWith('/v1/templates/{id}')) {
      const base = withRealIds(plausibleBody(op)) as Record<string, unknown>;
      const formats = op.path.endsWith('/preview') ? ['pdf', 'html', 'email'] : [undefined];
      for (const format of formats) {
        const body = format ? { ...base, format } : base;
        calls.push({
          label: `the template with ${name}${format ? ` as ${format}` : ''}`,
          path: fill(op, { id }),
          body: { name: 'a plausible body', body: JSON.stringify(body) },
        });
      }
    }
    if (keyOf(op) === 'POST /v1/reports') {
      for (const async of [false, true]) {
        calls.push({
          label: `the template with ${name}${async ? ', as a job' : ''}`,
          path: op.path,
          body: { name: 'a report', body: JSON.stringify({ template_id: id, data: {}, async }) },
        });
      }
    }
  }
  return calls;
}

/** Everything hostile about one operation, for each way it may be called. */
async function fuzz(op: Operation): Promise<void> {
  driven.add(keyOf(op));
  const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  const bodies = takesBody ? bodiesOf(op) : [];
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const queryNames = op.query
    ? Object.keys((jsonSchemaOf(op.query, 'input') as { properties?: object }).properties ?? {})
    : [];
  const plausible = takesBody
    ? (fieldBodies(withRealIds(plausibleBody(op)) as Record<string, unknown>)[0] as BodyCase)
    : undefined;
  // The MCP transport answers only a client that takes both JSON and an event stream.
  const accept: Record<string, string> = op.path === '/mcp' ? { Accept: 'application/json, text/event-stream' } : {};
  for (const credential of credentialsOf(op)) {
    if (credential.name === 'a forged token') {
      await send('a plausible request', op, fill(op), credential, plausible, accept);
      continue;
    }
    for (const name of params) {
      for (const { name: what, value } of PATH_VALUES) {
        await send(`{${name}} as ${what}`, op, fill(op, { [name]: value }), credential, plausible, accept);
      }
    }
    for (const name of queryNames) {
      for (const { name: what, value } of QUERY_VALUES) {
        await send(`?${name} as ${what}`, op, `${fill(op)}?${name}=${value}`, credential, plausible, accept);
      }
      await send(`?${name} given twice`, op, `${fill(op)}?${name}=1&${name}=2`, credential, plausible, accept);
    }
    if (op.teamScoped) {
      await send('a long Quire-Team header', op, fill(op), credential, plausible, { 'Quire-Team': 'x'.repeat(3000) });
    }
    for (const body of bodies) await send(body.name, op, fill(op), credential, body, accept);
    if (!takesBody) await send('nothing odd', op, fill(op), credential, undefined, accept);
    for (const call of hostileTemplateCalls(op)) await send(call.label, op, call.path, credential, call.body, accept);
  }
}

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

/** Routes that end the session, the key or the world the others need: driven last, in this order. */
const LAST = [
  'DELETE /v1/templates/{id}',
  'DELETE /v1/reports/{id}',
  'DELETE /v1/data-sources/{id}',
  'DELETE /v1/webhook-endpoints/{id}',
  'DELETE /v1/team/invitations/{id}',
  'DELETE /v1/team/members/{userId}',
  'DELETE /v1/auth/factors/{id}',
  'PUT /v1/auth/user',
  'POST /v1/auth/logout',
  'DELETE /v1/api-keys/{id}',
];
const ordinary = OPERATIONS.filter((op) => !LAST.includes(keyOf(op)));
const last = LAST.map((key) => OPERATIONS.find((op) => keyOf(op) === key)).filter((op) => op !== undefined);
const TAG_NAMES = [...new Set(ordinary.map((op) => op.tag))];

describe('every operation of the OpenAPI document under abuse', () => {
  for (const tag of TAG_NAMES) {
    it(`survives hostile requests to the ${tag} routes`, async () => {
      for (const op of ordinary.filter((o) => o.tag === tag)) await fuzz(op);
    }, 600_000);
  }

  it('lets the queued renders finish', async () => {
    for (const job of queuedJobs) {
      for (let attempt = 0; ; attempt++) {
        const answer = await apiClient({ url })('GET', job, { token: ownerToken });
        if (answer.body.status === 'succeeded' || answer.body.status === 'failed') break;
        if (attempt > 600) throw new Error(`${job} did not finish: ${JSON.stringify(answer.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 120_000);

  it('survives hostile requests to the routes that end sessions, keys and resources', async () => {
    for (const op of last) await fuzz(op);
  }, 600_000);

  it('drove every documented operation', () => {
    expect([...driven].sort()).toEqual(OPERATIONS.map(keyOf).sort());
  });

  it('never answered 5xx', () => {
    const failures = outcomes.filter((o) => o.status >= 500).map((o) => `${o.call}: ${o.status} ${o.text}`);
    expect({ requests: outcomes.length, serverErrors: failures.length, failures: failures.slice(0, 40) }).toEqual({
      requests: outcomes.length,
      serverErrors: 0,
      failures: [],
    });
  });

  it('answered every client error with a JSON error code', () => {
    const failures = outcomes
      .filter((o) => o.status >= 400 && o.status < 500 && !o.code)
      .map((o) => `${o.call}: ${o.status} ${o.text}`);
    expect(failures.slice(0, 40)).toEqual([]);
  });

  it('logged nothing at error level for a client error', () => {
    const clientErrors = new Map(
      outcomes.filter((o) => o.status >= 400 && o.status < 500).map((o) => [o.requestId, o.call]),
    );
    const paged = logLines
      .filter((line) => line.level >= ERROR_LEVEL)
      .filter((line) => line.request_id === undefined || clientErrors.has(line.request_id))
      .map(
        (line) =>
          `${line.msg}: ${line.err?.message ?? ''} (${clientErrors.get(line.request_id ?? '') ?? 'no request'})`,
      );
    expect(paged.slice(0, 40)).toEqual([]);
  });

  it('still serves', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
// QUIRE_FUZZ_REPORT=/tmp/fuzz.json writes every request's outcome and the error-level log lines, for reading a
// failing run in full.
afterAll(async () => {
  const file = process.env.QUIRE_FUZZ_REPORT;
  if (file)
    await writeFile(file, JSON.stringify({ outcomes, errorLogs: logLines.filter((l) => l.level >= ERROR_LEVEL) }));
});
