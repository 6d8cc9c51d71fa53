/**
 * A newcomer's first sentence, with no data: the built-in writer proposes the data, and the checks render the
 * template with that sample (not with nothing, which sent every variable back for a repair that lost the layout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(async () => {
  await app.close({ removeData: true });
});

describe('generating a template from a sentence alone', () => {
  it('keeps the model’s sample data and passes the checks on the first round', async () => {
    const call = apiClient(app);
    const owner = await newAccount(app, 'sentence');
    const answer = await call('POST', '/v1/ai/templates', {
      token: owner.token,
      body: {
        prompt: 'An invoice with columns description, hours, rate and amount, in dark green, with a QR code to pay',
      },
    });
    expect(answer.status).toBe(201);
    const { template, report } = answer.body;
    expect(report.rounds).toEqual([{ round: 1, task: 'generate', problems: [] }]);
    expect(report.remaining.filter((f: { serious: boolean }) => f.serious)).toEqual([]);
    expect(Object.keys(template.sample_data).length).toBeGreaterThan(0);
    expect(JSON.stringify(template.sample_data)).toMatch(/hours/);
    expect(template.html).toMatch(/qr-code/);
  });
});
