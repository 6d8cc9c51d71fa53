/**
 * Fake AI provider servers for tests: real HTTP on 127.0.0.1 speaking Gemini's and OpenAI's wire formats, answering
 * from a script and recording what they were sent. See fake-http.ts for FakeAnswer (text, errors, delays, chunked
 * streams, hang-ups) and FakeRequest.
 *
 *   const gemini = await fakeGemini('```html\n<p>Hi</p>\n```');
 *   const provider = geminiProvider({ apiKey: 'test-key', baseUrl: gemini.baseUrl, timeoutMs: 5_000 });
 *   await provider.complete(request);
 *   expect(gemini.requests[0]?.headers['x-goog-api-key']).toBe('test-key');
 *   await gemini.close();
 */

export { fakeGemini } from './fake-gemini';
export type { FakeAnswer, FakeReply, FakeRequest, FakeServer } from './fake-http';
export { fakeOpenAi } from './fake-openai';
