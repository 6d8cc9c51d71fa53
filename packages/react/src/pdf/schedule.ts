/**
 * When the PDF preview renders: at once for a change after a quiet moment (one keystroke shows without waiting),
 * and once a burst of changes pauses for `debounceMs`; never two renders at a time, and only the latest change
 * of those that arrived during a render is rendered after it. A render costs tens of milliseconds on the page's
 * thread, so renders never queue up behind fast typing.
 */
export interface RenderScheduler<T> {
  /** A new input; the previous pending one, if any, is dropped. */
  push(input: T): void;
  /** Stops: nothing pending runs. */
  dispose(): void;
}

export interface SchedulerOptions<T> {
  debounceMs: number;
  run(input: T): Promise<unknown>;
  now?: () => number;
}

export function createRenderScheduler<T>(options: SchedulerOptions<T>): RenderScheduler<T> {
  const now = options.now ?? (() => performance.now());
  let pending: { input: T } | null = null;
  let running = false;
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastPush = Number.NEGATIVE_INFINITY;

  const wait = (ms: number) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (!running) start();
    }, ms);
  };

  const start = () => {
    if (disposed || !pending) return;
    const { input } = pending;
    pending = null;
    running = true;
    options
      .run(input)
      .catch(() => {})
      .finally(() => {
        running = false;
        if (disposed || !pending) return;
        const remaining = options.debounceMs - (now() - lastPush);
        if (remaining <= 0) start();
        else wait(remaining);
      });
  };

  return {
    push(input) {
      if (disposed) return;
      pending = { input };
      const at = now();
      const quiet = at - lastPush >= options.debounceMs;
      lastPush = at;
      if (running) return;
      if (quiet && timer === null) start();
      else wait(options.debounceMs);
    },
    dispose() {
      disposed = true;
      pending = null;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
