/** Handlers for the pool's tests: they stand in for a render that waits, computes, hogs memory or returns bytes. */

export async function sleep(input: { ms: number }): Promise<{ threadId: number }> {
  await new Promise((resolve) => setTimeout(resolve, input.ms));
  const { threadId } = await import('node:worker_threads');
  return { threadId };
}

/** Keeps the worker's thread busy, as a large render does. */
export function spin(input: { ms: number }): number {
  const end = Date.now() + input.ms;
  let iterations = 0;
  while (Date.now() < end) iterations++;
  return iterations;
}

/** Never returns: a render stuck in a loop. */
export function spinForever(): never {
  for (;;) {
    // Busy on purpose.
  }
}

/** Allocates until the worker's heap limit ends it. */
export function burnMemory(): number {
  const hoard: string[][] = [];
  for (;;) {
    hoard.push(Array.from({ length: 10_000 }, (_, i) => `quire-${i}-${hoard.length}`));
  }
}

export function echo<T>(input: T): T {
  return input;
}

/** Bytes in a result, like a RenderResult's PDF. */
export function bytes(input: { size: number }): { bytes: Uint8Array; pages: number } {
  const bytes = new Uint8Array(input.size);
  bytes.fill(7);
  return { bytes, pages: 1 };
}

export function fail(input: { message: string }): never {
  throw new Error(input.message);
}
