import { afterEach, describe, expect, it } from 'vitest';
import { AiProviderError, type AiRequest } from '../provider';
import { type FakeAnswer, type FakeServer, fakeGemini } from './__fixtures__/index';
import { geminiProvider } from './gemini';

const request: AiRequest = {
  messages: [
    { role: 'system', content: 'You write report templates.' },
    { role: 'user', content: 'An invoice.' },
    { role: 'assistant', content: 'Here it is.' },
    { role: 'user', content: 'Make the title blue.' },
    { role: 'user', content: 'The checks found: unclosed tag.' },
  ],
  task: { kind: 'generate', prompt: 'An invoice.', templateKind: 'document' },
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(answers: FakeAnswer[], options: { model?: string } = {}) {
  server = await fakeGemini(...answers);
  return {
    fake: server,
    provider: geminiProvider({ apiKey: 'g-key', baseUrl: server.baseUrl, timeoutMs: 5_000, ...options }),
  };
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

describe('geminiProvider', () => {
  it('asks gemini-2.5-flash by default, with the key in x-goog-api-key', async () => {
    const { fake, provider } = await start(['ok']);
    expect(provider.model).toBe('gemini-2.5-flash');
    await provider.complete(request);
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('g-key');
    // The key never travels in the URL, where logs would keep it.
    expect(fake.requests[0]?.query).toEqual({});
  });

  it('asks the configured model, and streams from streamGenerateContent with alt=sse', async () => {
    const { fake, provider } = await start(['ok'], { model: 'gemini-2.5-pro' });
    expect(provider.model).toBe('gemini-2.5-pro');
    await collect(provider.stream(request));
    expect(fake.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent');
    expect(fake.requests[0]?.query).toEqual({ alt: 'sse' });
  });

  it('puts system messages in the system instruction and maps the turns to user and model contents', async () => {
    const { fake, provider } = await start(['ok']);
    await provider.complete(request);
    const body = fake.requests[0]?.body;
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'You write report templates.' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'An invoice.' }] },
      { role: 'model', parts: [{ text: 'Here it is.' }] },
      // Two user messages in a row become one turn with two parts.
      { role: 'user', parts: [{ text: 'Make the title blue.' }, { text: 'The checks found: unclosed tag.' }] },
    ]);
  });

  it('maps temperature and maxOutputTokens to the generation config, and sends neither when not given', async () => {
    const { fake, provider } = await start(['ok', 'ok']);
    await provider.complete({ ...request, temperature: 0.3, maxOutputTokens: 2048 });
    await provider.complete(request);
    expect(fake.requests[0]?.body.generationConfig).toEqual({ temperature: 0.3, maxOutputTokens: 2048 });
    expect(fake.requests[1]?.body.generationConfig ?? {}).toEqual({});
  });

  it('reports an answer blocked for safety (finishReason SAFETY, no text) as bad_response', async () => {
    const { provider } = await start([{ finishReason: 'SAFETY' }, { finishReason: 'SAFETY' }]);
    for (const work of [provider.complete(request), collect(provider.stream(request))]) {
      const error = await failureOf(work);
      expect(error.reason).toBe('bad_response');
      expect(error.message).toContain('SAFETY');
    }
  });

  it('reports a stream stopped for recitation after some text as bad_response', async () => {
    const { provider } = await start([{ deltas: ['<h1>', 'Invoice'], finishReason: 'RECITATION' }]);
    const deltas: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const delta of provider.stream(request)) deltas.push(delta);
      })(),
    );
    expect(deltas).toEqual(['<h1>', 'Invoice']);
    expect(error.reason).toBe('bad_response');
  });

  it('reports a refused prompt (promptFeedback.blockReason) as bad_response', async () => {
    const blocked = { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 9 } };
    const { provider } = await start([{ body: blocked }]);
    const error = await failureOf(provider.complete(request));
    expect(error.reason).toBe('bad_response');
    expect(error.message).toContain('PROHIBITED_CONTENT');
  });

  it('returns the text of an answer cut at MAX_TOKENS (the answer parser copes with an unclosed fence)', async () => {
    const { provider } = await start([{ text: '```html\n<p>Hel', finishReason: 'MAX_TOKENS' }]);
    expect(await provider.complete(request)).toBe('```html\n<p>Hel');
  });

  it('leaves out thought summaries', async () => {
    const body = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Planning the table…', thought: true }, { text: 'The answer.' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
    };
    const { provider } = await start([{ body }]);
    expect(await provider.complete(request)).toBe('The answer.');
  });

  it('reports a wrong key (400 with reason API_KEY_INVALID, as Google answers it) as unauthorized', async () => {
    const body = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    };
    const { provider } = await start([{ status: 400, body }]);
    const error = await failureOf(provider.complete(request));
    expect(error.reason).toBe('unauthorized');
    expect(error.message).toContain('API key not valid');
  });

  it('reports an unknown model (404) as unavailable, naming what Google said', async () => {
    const { provider } = await start([{ status: 404, message: 'models/gemini-9 is not found for API version v1beta' }]);
    const error = await failureOf(provider.complete(request));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toContain('models/gemini-9 is not found');
  });

  it('reports an error event inside the stream by its code', async () => {
    const error = { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } };
    const body = `data: ${JSON.stringify(error)}\r\n\r\n`;
    const { provider } = await start([{ body }]);
    const failure = await failureOf(collect(provider.stream(request)));
    expect(failure.reason).toBe('unavailable');
    expect(failure.message).toContain('The model is overloaded.');
  });
});
