import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenderScheduler } from './schedule';

/** A scheduler whose renders take `renderMs` of fake time, recording what it rendered and when. */
function setup(debounceMs: number, renderMs: number) {
  const runs: { input: string; at: number }[] = [];
  const scheduler = createRenderScheduler<string>({
    debounceMs,
    now: () => Date.now(),
    run: (input) => {
      runs.push({ input, at: Date.now() });
      return new Promise((resolve) => setTimeout(resolve, renderMs));
    },
  });
  return { runs, scheduler };
}

describe('createRenderScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders a lone change at once', () => {
    const { runs, scheduler } = setup(100, 30);
    scheduler.push('a');
    expect(runs).toEqual([{ input: 'a', at: 1_000_000 }]);
  });

  it('renders a burst of changes once it pauses, with the latest input only', async () => {
    const { runs, scheduler } = setup(100, 30);
    scheduler.push('a');
    for (const input of ['ab', 'abc', 'abcd']) {
      await vi.advanceTimersByTimeAsync(40);
      scheduler.push(input);
    }
    await vi.advanceTimersByTimeAsync(99);
    expect(runs.map((r) => r.input)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((r) => r.input)).toEqual(['a', 'abcd']);
  });

  it('never runs two renders at a time, and follows a long render with the latest change', async () => {
    const { runs, scheduler } = setup(50, 300);
    scheduler.push('a');
    await vi.advanceTimersByTimeAsync(100);
    scheduler.push('b');
    await vi.advanceTimersByTimeAsync(100);
    scheduler.push('c');
    await vi.advanceTimersByTimeAsync(99);
    expect(runs.map((r) => r.input)).toEqual(['a']);
    // The first render ends at 300 ms; `c` came 100 ms before, so it runs at once.
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([
      { input: 'a', at: 1_000_000 },
      { input: 'c', at: 1_000_300 },
    ]);
  });

  it('runs nothing pending once disposed', async () => {
    const { runs, scheduler } = setup(100, 30);
    scheduler.push('a');
    scheduler.push('b');
    scheduler.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs.map((r) => r.input)).toEqual(['a']);
  });
});
