import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The command itself; integration.test.ts pulls types with it from the real service.
const run = promisify(execFile);
const PACKAGE = new URL('../..', import.meta.url).pathname;

async function quireClient(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/bin/quire-client.ts', ...args], {
      cwd: PACKAGE,
      env: { ...process.env, QUIRE_API_KEY: '', QUIRE_BASE_URL: 'http://127.0.0.1:9' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('quire-client', () => {
  it('prints its help on stdout', async () => {
    const { code, stdout } = await quireClient('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: quire-client types pull');
  });

  it('refuses an unknown command or flag with exit code 2', async () => {
    expect(await quireClient('types', 'push')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command: types push'),
    });
    expect(await quireClient('types', 'pull', '--outt', 'x.d.ts')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown option '--outt'"),
    });
  });

  it('refuses to run without an API key, with exit code 2', async () => {
    expect(await quireClient('types', 'pull')).toMatchObject({
      code: 2,
      stderr: 'quire-client: No API key: pass --api-key qk_live_… or set QUIRE_API_KEY.\n',
    });
  });

  it('says why it failed, naming the URL, with exit code 1, when the service cannot be reached', async () => {
    // Port 9 is one fetch refuses outright ('bad port'); a closed port answers ECONNREFUSED (see request.test.ts).
    const { code, stderr } = await quireClient(
      'types',
      'pull',
      '--api-key',
      'qk_live_x',
      '--base-url',
      'http://127.0.0.1:9',
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      'quire-client: connection_error: Could not reach the Quire API at http://127.0.0.1:9/v1/templates (bad port).',
    );
  });
});
