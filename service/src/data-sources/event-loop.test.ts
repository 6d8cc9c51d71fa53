import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

/**
 * A 5 MB CSV takes the best part of a second of CPU to parse and to infer a schema from. The app runs in this
 * process, so the event loop's longest stall while a preview is answered shows whether that work ran on it: the
 * stall is compared with the preview's own duration (a ratio, so that the machine's speed does not matter).
 */

let app: RunningApp;
let call: ReturnType<typeof apiClient>;
let token: string;

/** About 4.9 MB of CSV: 49,000 rows of eight columns. */
function bigCsv(): string {
  const lines = ['id,name,email,city,amount,date,notes,code'];
  for (let i = 0; i < 49_000; i++) {
    lines.push(
      `${i},Name ${i},user${i}@example.com,City ${i % 100},${(i * 1.37).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')},"a note, with a comma ${i}",0${i % 1000}`,
    );
  }
  return lines.join('\n');
}

/** Runs `work` while watching the event loop: its duration and the longest stall, in ms. */
async function watched<T>(work: () => Promise<T>): Promise<{ result: T; elapsed: number; stall: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  // The histogram records a stall when its timer finally runs: let it, before looking.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return { result, elapsed, stall: histogram.max / 1e6 };
}

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '1000' });
  call = apiClient(app);
  ({ token } = await newAccount(app, 'uploader'));
}, 60_000);

afterAll(async () => {
  await app.close({ removeData: true });
});

describe('a large upload', () => {
  it('is parsed and previewed off the event loop', async () => {
    const content = bigCsv();
    expect(content.length).toBeGreaterThan(4_800_000);
    const created = await watched(() =>
      call('POST', '/v1/data-sources', { token, body: { type: 'static', name: 'Orders', format: 'csv', content } }),
    );
    expect(created.result.status).toBe(201);

    const preview = await watched(() =>
      call('POST', `/v1/data-sources/${created.result.body.id}/preview`, { token, body: { limit: 5 } }),
    );
    expect(preview.result.status).toBe(200);
    expect(preview.result.body).toMatchObject({ row_count: 49_000, truncated: false });
    expect(preview.result.body.rows).toHaveLength(5);
    expect(preview.result.body.schema.properties.rows.items.properties.date).toMatchObject({ format: 'date' });

    const ratio = preview.stall / preview.elapsed;
    console.info(
      `CSV upload: save ${created.elapsed.toFixed(0)} ms (longest event-loop stall ${created.stall.toFixed(0)} ms); ` +
        `preview ${preview.elapsed.toFixed(0)} ms (longest stall ${preview.stall.toFixed(0)} ms, ratio ${ratio.toFixed(2)})`,
    );
    // On the event loop, the stall is about the whole preview; off it, a small part of it.
    expect(ratio).toBeLessThan(0.5);
  }, 60_000);
});
