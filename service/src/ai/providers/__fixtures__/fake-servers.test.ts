import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, fakeGemini, fakeOpenAi } from './index';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The fakes checked with plain fetch: the bytes they send are the providers' wire formats. */
describe('the fake provider servers', () => {
  it('fakeGemini answers generateContent with candidates and usage', async () => {
    server = await fakeGemini('Hi');
    const response = await fetch(`${server.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] }),
    });
    const body = await response.json();
    expect(body.candidates).toEqual([
      { content: { parts: [{ text: 'Hi' }], role: 'model' }, finishReason: 'STOP', index: 0 },
    ]);
    expect(body.usageMetadata.totalTokenCount).toBeGreaterThan(0);
  });

  it('fakeGemini streams CRLF-framed SSE events, the finish reason on the last', async () => {
    server = await fakeGemini({ deltas: ['a', 'b'] });
    const response = await fetch(`${server.baseUrl}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\r\n\r\n').filter(Boolean);
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[1]?.slice('data: '.length) ?? '').candidates[0].finishReason).toBe('STOP');
  });

  it('fakeOpenAi streams chunks and ends with data: [DONE]', async () => {
    server = await fakeOpenAi('Hi');
    const response = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [], stream: true }),
    });
    const text = await response.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(text).toContain('"delta":{"content":"Hi"}');
    expect(text).toContain('"object":"chat.completion.chunk"');
  });

  it('records requests, takes answers in order, and says so when the script has run out', async () => {
    server = await fakeOpenAi('one');
    server.answer({ status: 429 });
    const call = () =>
      fetch(`${server?.baseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'x', messages: [] }),
      });
    expect((await (await call()).json()).choices[0].message.content).toBe('one');
    expect((await call()).status).toBe(429);
    const unscripted = await call();
    expect(unscripted.status).toBe(500);
    expect((await unscripted.json()).error.message).toContain('no answer scripted');
    expect(server.requests).toHaveLength(3);
    expect(server.pending).toBe(0);
  });

  it('answers 404 to a path the provider does not have, without taking an answer', async () => {
    server = await fakeGemini('kept');
    const response = await fetch(`${server.baseUrl}/v1beta/models`, { method: 'GET' });
    expect(response.status).toBe(404);
    expect(server.requests).toHaveLength(0);
    expect(server.pending).toBe(1);
  });
});
