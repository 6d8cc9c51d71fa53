import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

/**
 * One team floods the render pool with heavy reports while another team previews and renders something tiny. The
 * tiny team's latency is measured alone and during the flood, and compared as a ratio: timings of this machine
 * (2 shared cores) are too noisy for absolute bounds, and a ratio with a generous bound still tells a fair pool
 * (a few times slower, from sharing the CPU) from a FIFO one (hundreds of times slower, waiting behind the flood).
 */

let app: RunningApp;
let call: ReturnType<typeof apiClient>;
let flooder: { token: string; heavy: string };
let neighbour: { token: string; tiny: string };

// About 50 pages of PDF: a few hundred ms of layout, under the Free plan's page limit.
const HEAVY_ROWS = Array.from({ length: 2_000 }, (_, n) => ({ n, name: `Row ${n} of a long table` }));
const FLOOD = 8;
// A tiny render takes a few ms: measured against a floor, so that one scheduling hiccup is not a ratio of 10.
const FLOOR_MS = 25;

async function timed(run: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  const answer = await run();
  expect(answer.status).toBe(status);
  return performance.now() - started;
}

async function median(run: () => Promise<number>, times = 3): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await run());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000', QUIRE_RENDER_WORKERS: '2' });
  call = apiClient(app);
  const a = await newAccount(app, 'flooder');
  const heavy = await call('POST', '/v1/templates', {
    token: a.token,
    body: {
      name: 'Heavy table',
      html: '<table>{% for r in rows %}<tr><td>{{ r.n }}</td><td>{{ r.name }}</td></tr>{% endfor %}</table>',
    },
  });
  flooder = { token: a.token, heavy: heavy.body.id };
  const b = await newAccount(app, 'neighbour');
  const tiny = await call('POST', '/v1/templates', {
    token: b.token,
    body: { name: 'Tiny', html: '<p>Hello {{ name }}</p>', sample_data: { name: 'Ada' } },
  });
  neighbour = { token: b.token, tiny: tiny.body.id };
}, 60_000);

afterAll(async () => {
  await app.close({ removeData: true });
});

const preview = () =>
  timed(() => call('POST', `/v1/templates/${neighbour.tiny}/preview`, { token: neighbour.token, body: {} }), 200);
const tinyReport = () =>
  timed(
    () =>
      call('POST', '/v1/reports', {
        token: neighbour.token,
        body: { template_id: neighbour.tiny, data: { name: 'Grace' }, format: 'html' },
      }),
    201,
  );

describe('rendering is fair between teams', () => {
  it("keeps another team's tiny preview and report fast while one team floods the pool with heavy reports", async () => {
    // Warm every worker (threads start lazily) and measure the tiny team alone.
    await Promise.all([preview(), tinyReport(), tinyReport()]);
    const previewAlone = await median(preview);
    const reportAlone = await median(tinyReport);

    const flood = Array.from({ length: FLOOD }, () =>
      call('POST', '/v1/reports', {
        token: flooder.token,
        body: { template_id: flooder.heavy, data: { rows: HEAVY_ROWS }, format: 'pdf' },
      }),
    );
    // Once the flood's requests have reached the pool, one preview and one report at once: a queue that serves in
    // order of arrival makes both wait for the whole flood (a second sample would find the flood gone).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [previewFlooded, reportFlooded] = await Promise.all([preview(), tinyReport()]);
    const floodAnswers = await Promise.all(flood);

    const previewRatio = previewFlooded / Math.max(previewAlone, FLOOR_MS);
    const reportRatio = reportFlooded / Math.max(reportAlone, FLOOR_MS);
    console.info(
      `fair rendering: preview ${previewAlone.toFixed(0)} ms alone, ${previewFlooded.toFixed(0)} ms flooded ` +
        `(ratio ${previewRatio.toFixed(1)}); report ${reportAlone.toFixed(0)} ms alone, ` +
        `${reportFlooded.toFixed(0)} ms flooded (ratio ${reportRatio.toFixed(1)})`,
    );
    // The flood itself renders (one at a time on the Free plan) and is not refused.
    expect(floodAnswers.filter((answer) => answer.status === 201)).toHaveLength(FLOOD);
    // Generous: the machine is shared, and the flood keeps a core busy. Waiting behind it measured 190 to 610.
    expect(previewRatio).toBeLessThan(50);
    expect(reportRatio).toBeLessThan(50);
  }, 120_000);
});

describe("a preview within the team's plan", () => {
  it('answers 422 render_output_too_large for a small template whose output is over the plan’s limit', async () => {
    const huge = await call('POST', '/v1/templates', {
      token: neighbour.token,
      body: {
        name: 'Huge',
        html:
          '{% for i in (1..60000) %}<p>Line {{ i }}: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed ' +
          'do eiusmod tempor.</p>{% endfor %}',
      },
    });
    expect(huge.status).toBe(201);
    const answer = await call('POST', `/v1/templates/${huge.body.id}/preview`, {
      token: neighbour.token,
      body: { format: 'html' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: 'render_output_too_large',
      limit: 'html_max_bytes',
      max: 5 * 1024 * 1024,
      plan: 'free',
    });
  }, 60_000);
});
