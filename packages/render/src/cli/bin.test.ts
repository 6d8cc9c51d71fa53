import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

describe('the quire bin', () => {
  it('runs from the sources through tsx and lists the starters', async () => {
    const { stdout } = await exec(
      process.execPath,
      ['--conditions=@quire/source', '--import', 'tsx', 'src/cli/bin.ts', 'starters'],
      {
        cwd: packageDir,
      },
    );
    expect(stdout).toMatch(/^invoice +document +Invoice/m);
  });

  it('exits 2 on an unknown flag', async () => {
    const failed = await exec(
      process.execPath,
      ['--conditions=@quire/source', '--import', 'tsx', 'src/cli/bin.ts', 'starters', '--nope'],
      {
        cwd: packageDir,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain("Unknown option '--nope'");
  });
});
