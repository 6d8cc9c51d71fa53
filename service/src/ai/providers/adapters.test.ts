import { afterEach, describe, expect, it } from 'vitest';
import { type AiProvider, AiProviderError, type AiRequest } from '../provider';
import { type FakeAnswer, type FakeServer, fakeGemini, fakeOpenAi } from './__fixtures__/index';
import { geminiProvider } from './gemini';
import { openAiCompatibleProvider } from './openai-compatible';

/** What every model-backed adapter must do, run against each one's fake server. */
const adapters = [
  {
    name: 'gemini',
    fake: fakeGemini,
    provider: (baseUrl: string, timeoutMs: number) => geminiProvider({ apiKey: 'test-key', baseUrl, timeoutMs }),
  },
  {
    name: 'openai',
    fake: fakeOpenAi,
    provider: (baseUrl: string, timeoutMs: number) =>
      openAiCompatibleProvider({ apiKey: 'test-key', baseUrl, timeoutMs }),
  },
];

const request: AiRequest = {
  messages: [
    { role: 'system', content: 'You write report templates.' },
    { role: 'user', content: 'An invoice with a table of items.' },
  ],
  task: { kind: 'generate', prompt: 'An invoice with a table of items.', templateKind: 'document' },
};

/** Multi-byte characters on purpose: chunked streams must not cut them. */
const ANSWER =
  'Here is your invoice — “Facture” 🎉 日本語.\n\n```html\n<h1>{{ customer.name }}</h1>\n<table></table>\n```\n';

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

async function failureOf(work: Promise<unknown>): Promise<AiProviderError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

describe.each(adapters)('the $name adapter', ({ name, fake, provider: make }) => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(answers: FakeAnswer[], timeoutMs = 5_000): Promise<AiProvider> {
    server = await fake(...answers);
    return make(server.baseUrl, timeoutMs);
  }

  it('answers the whole text with complete', async () => {
    const provider = await start([ANSWER]);
    expect(provider.name).toBe(name);
    expect(await provider.complete(request)).toBe(ANSWER);
  });

  it('streams deltas that concatenate to what complete answers', async () => {
    const provider = await start([ANSWER, ANSWER]);
    const whole = await provider.complete(request);
    const deltas = await collect(provider.stream(request));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(whole);
  });

  it('streams correctly when the bytes arrive cut mid-line and mid-character', async () => {
    const provider = await start([{ text: ANSWER, chunks: [5, 3, 7] }]);
    expect((await collect(provider.stream(request))).join('')).toBe(ANSWER);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('reports HTTP %i as %s, with the provider message, from complete and stream', async (status, reason) => {
    const provider = await start([
      { status, message: 'the provider says no' },
      { status, message: 'the provider says no' },
    ]);
    for (const work of [provider.complete(request), collect(provider.stream(request))]) {
      const error = await failureOf(work);
      expect(error.provider).toBe(name);
      expect(error.reason).toBe(reason);
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.message).toContain('the provider says no');
    }
  });

  it('reports a connection dropped before any answer as unavailable', async () => {
    const provider = await start([{ drop: true }, { drop: true }]);
    expect((await failureOf(provider.complete(request))).reason).toBe('unavailable');
    expect((await failureOf(collect(provider.stream(request)))).reason).toBe('unavailable');
  });

  it('reports a stream cut off mid-answer as unavailable, after the deltas that did arrive', async () => {
    const provider = await start([{ text: ANSWER.repeat(4), drop: 700 }]);
    const deltas: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of provider.stream(request)) deltas.push(delta);
      })(),
    );
    expect(error.reason).toBe('unavailable');
    expect(deltas.length).toBeGreaterThan(0);
    expect(ANSWER.repeat(4).startsWith(deltas.join(''))).toBe(true);
  });

  it('gives up with reason timeout, quickly, when the server is slower than timeoutMs', async () => {
    const provider = await start(
      [
        { text: 'late', delayMs: 10_000 },
        { text: 'late', delayMs: 10_000 },
      ],
      300,
    );
    for (const work of [() => provider.complete(request), () => collect(provider.stream(request))]) {
      const started = Date.now();
      const error = await failureOf(work());
      expect(error.reason).toBe('timeout');
      expect(error.message).toContain('300 ms');
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('stops with reason timeout when the caller aborts while waiting', async () => {
    const provider = await start([{ text: 'late', delayMs: 10_000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failureOf(provider.complete({ ...request, signal: controller.signal }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('cancelled');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops a stream with reason timeout when the caller aborts mid-answer', async () => {
    const provider = await start([{ text: ANSWER.repeat(10), chunks: [20] }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of provider.stream({ ...request, signal: controller.signal })) {
          deltas.push(delta);
          controller.abort();
        }
      })(),
    );
    expect(error.reason).toBe('timeout');
    expect(deltas.join('').length).toBeLessThan(ANSWER.repeat(10).length);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const provider = await start(['never']);
    const error = await failureOf(provider.complete({ ...request, signal: AbortSignal.abort() }));
    expect(error.reason).toBe('timeout');
    expect(server?.requests).toHaveLength(0);
  });

  it('reports an empty answer as bad_response', async () => {
    const provider = await start([{ text: '' }, { text: '' }]);
    expect((await failureOf(provider.complete(request))).reason).toBe('bad_response');
    expect((await failureOf(collect(provider.stream(request)))).reason).toBe('bad_response');
  });

  it('reports an answer that is not JSON as bad_response', async () => {
    const provider = await start([{ body: '<html><body>Welcome to nginx!</body></html>' }]);
    expect((await failureOf(provider.complete(request))).reason).toBe('bad_response');
  });

  it('takes one scripted answer per request, in order', async () => {
    const provider = await start(['first', 'second']);
    expect(await provider.complete(request)).toBe('first');
    expect((await collect(provider.stream(request))).join('')).toBe('second');
    expect(server?.pending).toBe(0);
    expect(server?.requests.map((r) => r.stream)).toEqual([false, true]);
  });
});
