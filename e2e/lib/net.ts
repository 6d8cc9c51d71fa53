import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Background } from './processes';

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Waits until `url` answers 200, failing early when the process that should answer it has exited. */
export async function waitForHttp(url: string, process: Background, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (process.startError) throw new Error(`${process.name} did not start: ${process.startError.message}`);
    const { exitCode, signalCode } = process.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`${process.name} exited (${signalCode ?? `exit code ${exitCode}`}) before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (last: ${last})`);
}
