import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { AiProvider, AiRequest } from '../provider';
import { type FakeServer, fakeGemini, fakeOpenAi } from './__fixtures__/index';
import { createAiProvider } from './index';

const offline: AiProvider = {
  name: 'offline',
  model: 'quire-offline-1',
  complete: async () => 'offline answer',
  async *stream() {
    yield 'offline answer';
  },
};

const request: AiRequest = {
  messages: [{ role: 'user', content: 'An invoice.' }],
  task: { kind: 'generate', prompt: 'An invoice.', templateKind: 'document' },
};

function ai(overrides: Partial<Config['ai']>): Config['ai'] {
  return {
    provider: 'offline',
    model: undefined,
    apiKey: undefined,
    baseUrl: undefined,
    timeoutMs: 5_000,
    ...overrides,
  };
}

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createAiProvider', () => {
  it('returns the offline provider it is given for provider offline', () => {
    expect(createAiProvider(ai({ provider: 'offline' }), { offline })).toBe(offline);
  });

  it('builds the Gemini adapter with the configured model, key and base URL', async () => {
    server = await fakeGemini('from gemini');
    const provider = createAiProvider(
      ai({ provider: 'gemini', model: 'gemini-2.5-pro', apiKey: 'g-key', baseUrl: server.baseUrl }),
      { offline },
    );
    expect([provider.name, provider.model]).toEqual(['gemini', 'gemini-2.5-pro']);
    expect(await provider.complete(request)).toBe('from gemini');
    expect(server.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    expect(server.requests[0]?.headers['x-goog-api-key']).toBe('g-key');
  });

  it('builds the OpenAI-compatible adapter, keyless for a local server, with its default model', async () => {
    server = await fakeOpenAi('from ollama');
    const provider = createAiProvider(ai({ provider: 'openai', baseUrl: server.baseUrl }), { offline });
    expect([provider.name, provider.model]).toEqual(['openai', 'gpt-4o-mini']);
    expect(await provider.complete(request)).toBe('from ollama');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('defaults Gemini to gemini-2.5-flash and OpenAI to its public endpoint', () => {
    expect(createAiProvider(ai({ provider: 'gemini', apiKey: 'k' }), { offline }).model).toBe('gemini-2.5-flash');
    expect(createAiProvider(ai({ provider: 'openai', apiKey: 'k' }), { offline }).model).toBe('gpt-4o-mini');
  });

  it('refuses Gemini without a key', () => {
    expect(() => createAiProvider(ai({ provider: 'gemini' }), { offline })).toThrow(/QUIRE_AI_API_KEY/);
  });
});
