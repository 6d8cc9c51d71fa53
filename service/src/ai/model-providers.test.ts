/**
 * The real Gemini and OpenAI-compatible adapters, through the whole app, against fake servers on loopback that
 * speak their wire formats and answer as models do: prose around fenced code, a script tag and remote URLs,
 * invalid Liquid first and a repair after, a table wider than the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { BROKEN_LIQUID, MESSY_GOOD, REPAIRED, SAMPLE, TOO_WIDE, WITH_QR } from './authoring/__fixtures__/answers';
import { type FakeServer, fakeGemini, fakeOpenAi } from './providers/__fixtures__/index';
import { geminiProvider, openAiCompatibleProvider } from './providers/index';

let app: RunningApp | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await app?.close({ removeData: true });
  await fake?.close();
  app = undefined;
  fake = undefined;
});

/** Reads a server-sent event stream into its events. */
async function sseEvents(response: Response): Promise<{ event: string; data: unknown }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) } : undefined;
    })
    .filter((e): e is { event: string; data: unknown } => e !== undefined);
}

describe('AI generation with a model provider', () => {
  it('Gemini: a messy answer is sanitised, a Liquid error and an overflowing table are repaired', async () => {
    fake = await fakeGemini(BROKEN_LIQUID, TOO_WIDE, MESSY_GOOD);
    const provider = geminiProvider({ apiKey: 'gemini-test-key', baseUrl: fake.baseUrl, timeoutMs: 10_000 });
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, { aiProvider: provider });
    const call = apiClient(app);
    const owner = await newAccount(app, 'gemini');
    const answer = await call('POST', '/v1/ai/templates', {
      token: owner.token,
      body: { prompt: 'An invoice for consulting work', data_sample: SAMPLE },
    });
    expect(answer.status).toBe(201);
    const { template, report } = answer.body;
    expect(report).toMatchObject({ provider: 'gemini', kept_round: 3 });
    expect(report.rounds.map((r: { task: string }) => r.task)).toEqual(['generate', 'repair', 'repair']);
    expect(report.rounds[0].problems.join(' ')).toMatch(/not closed/i);
    expect(report.rounds[1].problems.join(' ')).toMatch(/content_overflow/);
    expect(report.remaining.filter((f: { serious: boolean }) => f.serious)).toEqual([]);
    // The script tag and the remote image of the last answer never reach the template.
    expect(template.html).not.toMatch(/<script|onclick|https?:\/\/[^"]*\.(png|jpg)/i);
    expect(report.sanitised.length).toBeGreaterThan(0);
    // What went over the wire: Gemini's format, the key in its header, the system prompt as the instruction, and
    // the repair rounds carrying the problems.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]?.path).toMatch(/models\/[\w.-]+:generateContent/);
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe('gemini-test-key');
    expect(JSON.stringify(fake.requests[0]?.body)).toContain('systemInstruction');
    expect(JSON.stringify(fake.requests[1]?.body)).toMatch(/not closed/i);
    // The thread holds the prompt and the reply; the report renders.
    const rendered = await call('POST', '/v1/reports', {
      token: owner.token,
      body: { template_id: template.id, data: SAMPLE, format: 'html' },
    });
    expect(rendered.status).toBe(201);
  }, 60_000);

  it('OpenAI-compatible: an answer without the QR code asked for goes back with the intent finding', async () => {
    fake = await fakeOpenAi(REPAIRED, WITH_QR);
    const provider = openAiCompatibleProvider({ apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 10_000 });
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, { aiProvider: provider });
    const owner = await newAccount(app, 'intent');
    const answer = await apiClient(app)('POST', '/v1/ai/templates', {
      token: owner.token,
      body: { prompt: 'An invoice with a QR code to pay online', data_sample: SAMPLE },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.report.kept_round).toBe(2);
    expect(answer.body.template.html).toContain('<qr-code');
    // The repair went over the wire with the finding and what it means.
    expect(fake.requests).toHaveLength(2);
    const repair = JSON.stringify(fake.requests[1]?.body);
    expect(repair).toContain('The request asked for a QR code; the page has none.');
    expect(repair).toContain('[intent_missing_mark]');
    expect(repair).toContain('The problems marked [intent_...] mean');
    expect(answer.body.reply).toBe('I added a QR code to pay online.');
  }, 60_000);

  it('OpenAI-compatible: streams progress and text as server-sent events while it writes and repairs', async () => {
    fake = await fakeOpenAi({ text: BROKEN_LIQUID, chunks: [7] }, { text: REPAIRED, chunks: [5, 11] });
    const provider = openAiCompatibleProvider({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      model: 'llama3.1',
      timeoutMs: 10_000,
    });
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, { aiProvider: provider });
    const owner = await newAccount(app, 'openai');
    const response = await fetch(`${app.url}/v1/ai/templates`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${owner.token}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ prompt: 'An invoice for consulting work', data_sample: SAMPLE }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await sseEvents(response);
    const stages = events.filter((e) => e.event === 'progress').map((e) => (e.data as { stage: string }).stage);
    expect(stages).toEqual(expect.arrayContaining(['writing', 'checking', 'repairing']));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toContain('I closed the loop.');
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ object: 'ai_generation', report: { provider: 'openai', kept_round: 2 } });
    expect(fake.requests.every((r) => r.body.stream === true && r.body.model === 'llama3.1')).toBe(true);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  }, 60_000);

  it('asks for the sample data a generation without data needs, and keeps the answer that brings it', async () => {
    // REPAIRED prints the invoice of SAMPLE but has no json block: nothing to render it with.
    const withSample = `${REPAIRED}\n\`\`\`json\n${JSON.stringify({ name: 'Invoice', sample_data: SAMPLE })}\n\`\`\``;
    fake = await fakeOpenAi(REPAIRED, withSample);
    const provider = openAiCompatibleProvider({
      apiKey: 'sk-test',
      baseUrl: fake.baseUrl,
      model: 'o4-mini',
      timeoutMs: 10_000,
    });
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, { aiProvider: provider });
    const owner = await newAccount(app, 'sampler');
    const answer = await apiClient(app)('POST', '/v1/ai/templates', {
      token: owner.token,
      body: { prompt: 'An invoice for consulting work' },
    });
    expect(answer.status).toBe(201);
    const { template, report } = answer.body;
    expect(report.kept_round).toBe(2);
    expect(report.rounds[0].problems.join('\n')).toMatch(/gave no sample data.*\[sample_data_missing\]/);
    expect(report.rounds[0].problems.join('\n')).toMatch(
      /The data has no invoice, which the template prints \[missing_variable\]/,
    );
    expect(report.rounds[1].problems).toEqual([]);
    expect(report.checked).toContainEqual(expect.objectContaining({ check: 'sample_data', ok: true, findings: [] }));
    expect(template.sample_data).toEqual(SAMPLE);
    // The request asked for the sample data; the repair turn said what was missing.
    const first = fake.requests[0]?.body.messages as { role: string; content: string }[];
    expect(first[0]?.content).toContain('"sample_data" holds realistic values for every variable');
    expect(first[1]?.content).toContain('give realistic sample data for every one of them');
    expect(JSON.stringify(fake.requests[1]?.body.messages)).toContain('gave no sample data');
  }, 60_000);

  it('answers 503 provider_unavailable, and gives the AI request back, when the model is down', async () => {
    fake = await fakeOpenAi({ status: 503, message: 'overloaded' });
    const provider = openAiCompatibleProvider({ apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 5_000 });
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' }, undefined, { aiProvider: provider });
    const call = apiClient(app);
    const owner = await newAccount(app, 'down');
    const answer = await call('POST', '/v1/ai/templates', {
      token: owner.token,
      body: { prompt: 'An invoice', data_sample: SAMPLE },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'provider_unavailable' });
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.body.usage.ai_requests_per_month.used).toBe(0);
  }, 30_000);
});
