/**
 * One real Quire service for the test run, in a process of its own (service-process.ts), so that neither jsdom's
 * globals nor the test environment's module resolution reach it. Tests get its URL and data directory (the
 * development outbox is there) through `inject('quireUrl')` and `inject('quireDataDir')`.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    quireUrl: string;
    quireDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const script = new URL('./service-process.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--conditions=@quire/source', '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the service process exited (${code}) before it started`)));
  });
  const started = JSON.parse(first) as { url: string; dataDir: string };
  project.provide('quireUrl', started.url);
  project.provide('quireDataDir', started.dataDir);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  };
}
