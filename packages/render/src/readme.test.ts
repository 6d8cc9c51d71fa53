import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as core from '@quire/core';
import { transform } from 'esbuild';
import { expect, it } from 'vitest';
import * as render from './index';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';

it('runs the README example as written', async () => {
  const body = example
    .replace(/import \{([^}]*)\} from 'node:fs\/promises';/, 'const {$1} = fs;')
    .replace(/import \{([^}]*)\} from '@quire\/core';/, 'const {$1} = core;')
    .replace(/import \{([^}]*)\} from '@quire\/render';/, 'const {$1} = render;');
  const { code } = await transform(`(async () => {${body}})()`, { loader: 'ts' });
  const written = new Map<string, Uint8Array>();
  const logged: unknown[][] = [];
  const fs = { writeFile: async (path: string, bytes: Uint8Array) => void written.set(path, bytes) };
  await new Function('fs', 'core', 'render', 'console', `return ${code}`)(fs, core, render, {
    log: (...args: unknown[]) => logged.push(args),
  });
  expect(new TextDecoder().decode(written.get('invoice.pdf')?.subarray(0, 5))).toBe('%PDF-');
  expect(logged[0]?.[0]).toBeGreaterThanOrEqual(1);
  expect(logged[1]).toEqual([true, expect.any(Number)]);
  expect(logged[1]?.[1]).toBeGreaterThan(0);
});

it('runs the README example in a project that installed what the README says, and nothing else', async () => {
  const install = /^npm install ([^#\n]+)/m.exec(readme)?.[1]?.trim().split(/\s+/) ?? [];
  expect(install).toContain('@quire/render');
  const project = await mkdtemp(join(tmpdir(), 'quire-render-readme-'));
  try {
    // The workspace's packages stand in for the published ones (their sources, through tsx and @quire/source).
    await mkdir(join(project, 'node_modules', '@quire'), { recursive: true });
    for (const name of install) {
      const workspaceDir = new URL(`../../${name.replace(/^@quire\//, '')}`, import.meta.url).pathname;
      await symlink(workspaceDir, join(project, 'node_modules', name), 'dir');
    }
    await writeFile(join(project, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(project, 'example.ts'), example);
    const tsx = import.meta.resolve('tsx');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@quire/source', '--import', tsx, 'example.ts'],
      { cwd: project },
    );
    expect(stdout).toMatch(/^\d+ \d+ /);
    expect((await readFile(join(project, 'invoice.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
