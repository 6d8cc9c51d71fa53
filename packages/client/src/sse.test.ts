import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, type FakeServer, fakeServer, json } from './__fixtures__/fake-server';
import { Quire } from './client';
import { APIUserAbortError, UnprocessableEntityError } from './core/errors';
import { parseSSE, type ServerSentEvent } from './sse';
import type { AiGenerateResult, AiStreamEvent } from './types';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** A stream of the given chunks, as a network delivers them. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of parseSSE(stream)) events.push(event);
  return events;
}

const SOURCE =
  ': a comment, then a retry field nobody needs\r\nretry: 1000\r\n\r\n' +
  'event: progress\r\ndata: {"stage":"writing"}\r\n\r\n' +
  'event: delta\ndata: {"text":"Café ✓ "}\n\n' +
  'event: delta\rdata: {"text":"naïve"}\r\r' +
  'id: 7\ndata: line one\ndata:line two\n\n' +
  'event: done\ndata: {"ok":true}\n\n';

const EXPECTED: ServerSentEvent[] = [
  { event: 'progress', data: '{"stage":"writing"}' },
  { event: 'delta', data: '{"text":"Café ✓ "}' },
  { event: 'delta', data: '{"text":"naïve"}' },
  { event: 'message', data: 'line one\nline two', id: '7' },
  // The last event id stays until another one comes, as in a browser's EventSource.
  { event: 'done', data: '{"ok":true}', id: '7' },
];

describe('parseSSE', () => {
  it('parses events whatever the line endings (CRLF, LF, CR)', async () => {
    expect(await collect(streamOf([bytes(SOURCE)]))).toEqual(EXPECTED);
  });

  it('gives the same events when every byte comes alone (CRLF and UTF-8 characters split)', async () => {
    const all = bytes(SOURCE);
    expect(await collect(streamOf([...all].map((b) => new Uint8Array([b]))))).toEqual(EXPECTED);
  });

  it('gives the same events for chunks split at every odd place', async () => {
    const all = bytes(SOURCE);
    for (const size of [2, 3, 5, 7, 11, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
      expect(await collect(streamOf(chunks)), `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await collect(streamOf([bytes('data: a\n\ndata: b')]))).toEqual([{ event: 'message', data: 'a' }]);
  });
});

const RESULT: AiGenerateResult = {
  object: 'ai_generation',
  template: { id: 'tpl_ai', name: 'Receipt' } as AiGenerateResult['template'],
  reply: 'Here is a receipt.',
  report: {
    provider: 'offline',
    model: 'quire-offline-1',
    rounds: [{ round: 1, task: 'generate', problems: [] }],
    kept_round: 1,
    checked: [
      { check: 'render', data_set: 'sample', description: 'The sample data', ok: true, pages: 1, findings: [] },
    ],
    remaining: [],
    sanitised: [],
    notes: [],
  },
};

/** Writes an SSE answer in small, odd chunks with pauses, as a proxy might deliver it. */
async function writeSlowly(res: ServerResponse, text: string): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'x-request-id': 'req_sse' });
  const all = Buffer.from(text);
  for (let i = 0; i < all.length; i += 7) {
    res.write(all.subarray(i, i + 7));
    if (i % 35 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  res.end();
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('AI streams', () => {
  it('yields typed progress, delta and done events from a stream split in odd chunks', async () => {
    server = await fakeServer((_req, res) =>
      writeSlowly(
        res,
        sse('progress', { stage: 'writing', round: 1 }) +
          sse('delta', { round: 1, text: 'Here is ' }) +
          sse('delta', { round: 1, text: 'a receipt.' }) +
          sse('progress', { stage: 'checking', round: 1 }) +
          sse('progress', { stage: 'repairing', round: 2, reasons: ['content_overflow'] }) +
          ': keep-alive\n\n' +
          sse('future', { ignored: true }) +
          sse('progress', { stage: 'done' }) +
          sse('done', RESULT),
      ),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const events: AiStreamEvent<AiGenerateResult>[] = [];
    for await (const event of quire.ai.generateStream({
      prompt: 'A receipt',
      data_sample: [{ item: 'Tea', price: 4.5 }],
    }))
      events.push(event);
    expect(events).toEqual([
      { type: 'progress', stage: 'writing', round: 1 },
      { type: 'delta', round: 1, text: 'Here is ' },
      { type: 'delta', round: 1, text: 'a receipt.' },
      { type: 'progress', stage: 'checking', round: 1 },
      { type: 'progress', stage: 'repairing', round: 2, reasons: ['content_overflow'] },
      { type: 'progress', stage: 'done' },
      { type: 'done', result: RESULT },
    ]);
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/ai/templates' });
    expect(req?.headers.accept).toBe('text/event-stream');
    expect(req?.headers['idempotency-key']).toBeTruthy();
    expect(JSON.parse(req?.body ?? '')).toEqual({ prompt: 'A receipt', data_sample: [{ item: 'Tea', price: 4.5 }] });
  });

  it('streams a template message, and finalResult() reads to the result', async () => {
    const result = { message: { id: 'msg_1' }, version: { version: 2 }, report: {} };
    server = await fakeServer((_req, res) => writeSlowly(res, sse('delta', { text: 'Done.' }) + sse('done', result)));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const stream = quire.templates.messages.stream('tpl_1', { content: 'Make the title blue' });
    expect(await stream.finalResult()).toEqual(result);
    expect(server.requests[0]?.url).toBe('/v1/templates/tpl_1/messages');
    await expect(stream.finalResult()).rejects.toMatchObject({ code: 'stream_consumed' });
  });

  it('throws the APIError of an error event, with its code and request id', async () => {
    server = await fakeServer((_req, res) =>
      writeSlowly(
        res,
        sse('progress', { stage: 'checking' }) +
          sse('error', {
            error: {
              type: 'template_error',
              code: 'template_syntax_error',
              message: 'Unclosed tag',
              request_id: 'req_sse',
              line: 3,
            },
          }),
      ),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const seen: string[] = [];
    const read = async () => {
      for await (const event of quire.ai.generateStream({ prompt: 'x', data_sample: { total: 1 } }))
        seen.push(event.type);
    };
    const error = await read().catch((e: unknown) => e);
    expect(UnprocessableEntityError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 422,
      code: 'template_syntax_error',
      requestId: 'req_sse',
      details: { line: 3 },
    });
    expect(seen).toEqual(['progress']);
  });

  it('throws the typed error of a request refused before streaming (402 with the plan)', async () => {
    server = await fakeServer((_req, res) =>
      apiError(res, 402, 'plan_limit_exceeded', { limit: 10, used: 10, plan: 'free' }),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    await expect(
      quire.ai.generateStream({ prompt: 'x', kind: 'email', schema: { type: 'object' } }).finalResult(),
    ).rejects.toMatchObject({
      name: 'PlanLimitError',
      limit: 10,
      plan: 'free',
    });
  });

  it('stops the download when the loop leaves early, and on abort()', async () => {
    let closed = 0;
    server = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('progress', { stage: 'writing' }));
      const timer = setInterval(() => res.write(sse('delta', { text: '.' })), 5);
      res.on('close', () => {
        clearInterval(timer);
        closed += 1;
      });
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    let deltas = 0;
    for await (const event of quire.ai.generateStream({ prompt: 'x', data_sample: { total: 1 } })) {
      if (event.type === 'delta' && ++deltas === 3) break;
    }
    const stream = quire.templates.messages.stream('tpl_1', { content: 'x' });
    const read = async () => {
      for await (const event of stream) if (event.type === 'delta') stream.abort();
    };
    expect(APIUserAbortError.isInstance(await read().catch((e: unknown) => e))).toBe(true);
    await expect.poll(() => closed).toBe(2);
  });

  it('aborts with the caller’s signal', async () => {
    server = await fakeServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('progress', { stage: 'writing' }));
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const controller = new AbortController();
    const stream = quire.ai.generateStream({ prompt: 'x', data_sample: { total: 1 } }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await stream.finalResult().catch((e: unknown) => e);
    expect(APIUserAbortError.isInstance(error)).toBe(true);
  });

  it('takes a JSON answer as the result, and a stream without done as a broken one', async () => {
    server = await fakeServer((req, res) => {
      if (req.n === 0) json(res, 201, RESULT);
      else writeSlowly(res, sse('delta', { text: 'half' }));
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    expect(await quire.ai.generateStream({ prompt: 'x', data_sample: { total: 1 } }).finalResult()).toEqual(RESULT);
    await expect(
      quire.ai.generateStream({ prompt: 'x', data_sample: { total: 1 } }).finalResult(),
    ).rejects.toMatchObject({
      name: 'APIConnectionError',
      message: 'The stream ended before its done event.',
    });
  });

  it('answers the whole result from generate() and messages.create()', async () => {
    server = await fakeServer((_req, res) => json(res, 201, RESULT));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    expect(await quire.ai.generate({ prompt: 'x', kind: 'document', data_sample: { total: 1 } })).toEqual(RESULT);
    await quire.templates.messages.create('tpl_1', { content: 'Bigger title' });
    expect(server.requests.map((r) => [r.url, r.headers.accept, JSON.parse(r.body)])).toEqual([
      ['/v1/ai/templates', 'application/json', { prompt: 'x', kind: 'document', data_sample: { total: 1 } }],
      ['/v1/templates/tpl_1/messages', 'application/json', { content: 'Bigger title' }],
    ]);
  });
});
