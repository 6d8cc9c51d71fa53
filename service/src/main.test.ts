import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts `src/main.ts` as a real process on a free port and waits for its "listening" log line. */
async function startService(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const child = spawn(process.execPath, ['--conditions=@quire/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${lines.join('\n')}`)), 20_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        lines.push(line);
        const listening = /"listening":"([\d.]+:\d+)"/.exec(line);
        if (listening) {
          clearTimeout(timer);
          resolve(`http://${listening[1]}`);
        }
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => lines.push(chunk));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${lines.join('\n')}`)));
  });
  return { child, url, lines };
}

describe('the service process', () => {
  it('starts on the embedded store, says where its data is, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-main-'));
    try {
      const { child, url, lines } = await startService({ QUIRE_DATA_DIR: dataDir });
      expect(lines.join('\n')).toContain(`embedded, in ${join(dataDir, 'db')}`);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(lines.join('\n')).toContain('stopped');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['--conditions=@quire/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, MONGODB_URI: 'mysql://nope', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toContain('MONGODB_URI must start with mongodb://');
  });
});
