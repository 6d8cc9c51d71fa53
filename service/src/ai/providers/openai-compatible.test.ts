import { afterEach, describe, expect, it } from 'vitest';
import { type AiMessage, AiProviderError, type AiRequest } from '../provider';
import { type FakeAnswer, type FakeServer, fakeOpenAi } from './__fixtures__/index';
import { type OpenAiCompatibleOptions, openAiCompatibleProvider } from './openai-compatible';

const request: AiRequest = {
  messages: [
    { role: 'system', content: 'You write report templates.' },
    { role: 'user', content: 'An invoice.' },
    { role: 'assistant', content: 'Here it is.' },
    { role: 'user', content: 'Make the title blue.' },
  ],
  task: { kind: 'generate', prompt: 'An invoice.', templateKind: 'document' },
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(answers: FakeAnswer[], options: Partial<OpenAiCompatibleOptions> = {}) {
  server = await fakeOpenAi(...answers);
  const provider = openAiCompatibleProvider({
    apiKey: 'sk-test',
    baseUrl: server.baseUrl,
    timeoutMs: 5_000,
    ...options,
  });
  return { fake: server, provider };
}

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

/** A raw SSE body made of chunk objects, as a server would write it. */
function sse(events: (object | string)[], eol = '\n'): string {
  return events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}${eol}${eol}`).join('');
}

const delta = (content: string, finish: string | null = null) => ({
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});

describe('openAiCompatibleProvider', () => {
  it('posts to {baseUrl}/chat/completions with the key as a bearer token and gpt-4o-mini by default', async () => {
    const { fake, provider } = await start(['ok']);
    expect(provider.model).toBe('gpt-4o-mini');
    await provider.complete(request);
    const sent = fake.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({ model: 'gpt-4o-mini', messages: request.messages, stream: false });
  });

  it('keeps the system message first among the messages and maps temperature and max_tokens', async () => {
    const { fake, provider } = await start(['ok'], { model: 'llama3.2' });
    await provider.complete({ ...request, temperature: 0.2, maxOutputTokens: 4096 });
    const body = fake.requests[0]?.body;
    expect(body.model).toBe('llama3.2');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'You write report templates.' });
    expect(body.temperature).toBe(0.2);
    expect(body.max_tokens).toBe(4096);
  });

  it('sends no Authorization header without a key (Ollama) and tolerates a trailing slash in the base URL', async () => {
    server = await fakeOpenAi('ok');
    const provider = openAiCompatibleProvider({ baseUrl: `${server.baseUrl}/`, timeoutMs: 5_000 });
    await provider.complete(request);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('asks for a stream with stream: true', async () => {
    const { fake, provider } = await start(['Hello there']);
    expect((await collect(provider.stream(request))).join('')).toBe('Hello there');
    expect(fake.requests[0]?.body.stream).toBe(true);
    expect(fake.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('reads a stream with CRLF line ends, comments and keep-alives, cut into small chunks', async () => {
    const body = [
      ': keep-alive\r\n\r\n',
      sse([{ choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] }], '\r\n'),
      ': OPENROUTER PROCESSING\r\n\r\n',
      sse([delta('Bonjour '), delta('à tous 👋'), delta('', 'stop'), '[DONE]'], '\r\n'),
    ].join('');
    const { provider } = await start([{ body, chunks: [1, 2, 3] }]);
    expect((await collect(provider.stream(request))).join('')).toBe('Bonjour à tous 👋');
  });

  it('stops reading at data: [DONE]', async () => {
    const body = sse([delta('one'), '[DONE]', delta('after the end')]);
    const { provider } = await start([{ body }]);
    expect(await collect(provider.stream(request))).toEqual(['one']);
  });

  it('reports a stream that ends without [DONE] or a finish reason as unavailable', async () => {
    const { provider } = await start([{ body: sse([delta('half an ans')]) }]);
    expect((await failureOf(collect(provider.stream(request)))).reason).toBe('unavailable');
  });

  it('takes a whole JSON completion from a server that ignores stream: true', async () => {
    const completion = { choices: [{ index: 0, message: { role: 'assistant', content: 'all at once' } }] };
    const { provider } = await start([{ body: completion }]);
    // The fake sends a raw object body as JSON even on a stream request, like such a server.
    expect(await collect(provider.stream(request))).toEqual(['all at once']);
  });

  it('reads the message of an error body: {error:{message}} and Ollama’s {error:"…"}', async () => {
    const { provider } = await start([
      { status: 404, body: { error: { message: 'The model `gpt-9` does not exist', type: 'invalid_request_error' } } },
      { status: 404, body: { error: 'model "llama9" not found, try pulling it first' } },
      { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
    ]);
    const first = await failureOf(provider.complete(request));
    expect(first.reason).toBe('unavailable');
    expect(first.message).toContain('The model `gpt-9` does not exist');
    expect((await failureOf(provider.complete(request))).message).toContain('model "llama9" not found');
    expect((await failureOf(provider.complete(request))).message).toContain('502 Bad Gateway');
  });

  it('reports an error event inside the stream (OpenRouter) by its code', async () => {
    const body = sse([delta('Hel'), { error: { code: 429, message: 'Provider rate limit' } }]);
    const { provider } = await start([{ body }]);
    const error = await failureOf(collect(provider.stream(request)));
    expect(error.reason).toBe('rate_limited');
    expect(error.message).toContain('Provider rate limit');
  });

  it('reports a filtered answer or a refusal as bad_response', async () => {
    const refusal = {
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I can’t help.' } }],
    };
    const { provider } = await start([{ text: '', finishReason: 'content_filter' }, { body: refusal }]);
    expect((await failureOf(provider.complete(request))).reason).toBe('bad_response');
    const refused = await failureOf(provider.complete(request));
    expect(refused.reason).toBe('bad_response');
    expect(refused.message).toContain('I can’t help.');
  });

  it('returns the text of an answer cut at the token limit (finish_reason length)', async () => {
    const { provider } = await start([{ text: '```html\n<p>Hel', finishReason: 'length' }]);
    expect(await provider.complete(request)).toBe('```html\n<p>Hel');
  });

  describe('parameters by model', () => {
    const system: AiMessage = { role: 'system', content: 'You write report templates.' };
    const user: AiMessage = { role: 'user', content: 'An invoice.' };
    // What OpenAI's reasoning models take: max_completion_tokens, and no temperature (they answer 400
    // unsupported_parameter / unsupported_value otherwise); every other model the parameters all servers know.
    const cases: [string, Record<string, unknown>][] = [
      ['gpt-4o-mini', { max_tokens: 4096, temperature: 0.2 }],
      ['gpt-4.1', { max_tokens: 4096, temperature: 0.2 }],
      ['llama3.1:8b', { max_tokens: 4096, temperature: 0.2 }],
      ['gpt-5-chat-latest', { max_tokens: 4096, temperature: 0.2 }],
      ['omni-moderation-latest', { max_tokens: 4096, temperature: 0.2 }],
      ['o1', { max_completion_tokens: 4096 }],
      ['o1-pro', { max_completion_tokens: 4096 }],
      ['o3', { max_completion_tokens: 4096 }],
      ['o3-mini-2025-01-31', { max_completion_tokens: 4096 }],
      ['o4-mini', { max_completion_tokens: 4096 }],
      ['gpt-5', { max_completion_tokens: 4096 }],
      ['gpt-5-mini', { max_completion_tokens: 4096 }],
      ['gpt-5-nano-2025-08-07', { max_completion_tokens: 4096 }],
      ['gpt-5.1', { max_completion_tokens: 4096 }],
      ['gpt-5.2-pro', { max_completion_tokens: 4096 }],
      ['codex-mini-latest', { max_completion_tokens: 4096 }],
      ['openai/o3-mini', { max_completion_tokens: 4096 }],
      ['OpenAI/GPT-5', { max_completion_tokens: 4096 }],
    ];
    for (const [model, limits] of cases) {
      it(`sends ${Object.keys(limits).join(' and ')} to ${model}`, async () => {
        const { fake, provider } = await start(['ok', 'ok'], { model });
        await provider.complete({ ...request, temperature: 0.2, maxOutputTokens: 4096 });
        await collect(provider.stream({ ...request, temperature: 0.2, maxOutputTokens: 4096 }));
        for (const sent of fake.requests) {
          const { messages, stream, ...rest } = sent.body;
          expect(rest).toEqual({ model, ...limits });
          expect(messages[0]).toEqual(system);
        }
        expect(fake.requests.map((r) => r.body.stream)).toEqual([false, true]);
      });
    }

    for (const model of ['o1-mini', 'o1-preview-2024-09-12']) {
      it(`puts the system message into the first user turn for ${model}, which refuses the system role`, async () => {
        const { fake, provider } = await start(['ok'], { model });
        await provider.complete({ ...request, messages: [system, user], maxOutputTokens: 900 });
        expect(fake.requests[0]?.body).toEqual({
          model,
          messages: [{ role: 'user', content: 'You write report templates.\n\nAn invoice.' }],
          stream: false,
          max_completion_tokens: 900,
        });
      });
    }

    it('sends neither limit nor temperature when the request sets none, whatever the model', async () => {
      const { fake, provider } = await start(['ok', 'ok'], { model: 'o3' });
      await provider.complete(request);
      expect(Object.keys(fake.requests[0]?.body ?? {}).sort()).toEqual(['messages', 'model', 'stream']);
    });
  });
});
