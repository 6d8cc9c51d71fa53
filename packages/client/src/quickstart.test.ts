import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningService, signUp, startService } from '@quire/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Quire } from './client';

const run = promisify(execFile);
const PACKAGE = new URL('..', import.meta.url).pathname;

let app: RunningService;
let project: string;
beforeAll(async () => {
  app = await startService();
  project = await mkdtemp(join(tmpdir(), 'quire-readme-'));
});
afterAll(async () => {
  await app?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

it('runs the README quick start as written, as plain JavaScript in its own project', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const example = /## Quick start[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(example).toContain("from '@quire/client'");
  await mkdir(join(project, 'node_modules', '@quire'), { recursive: true });
  await symlink(PACKAGE, join(project, 'node_modules', '@quire', 'client'), 'dir');
  await writeFile(join(project, 'quickstart.mjs'), example);

  const account = await signUp(app, 'readme');
  const { secret } = await new Quire({ apiKey: account.token, baseUrl: app.url }).apiKeys.create({
    name: 'quick start',
    role: 'editor',
  });
  // The package's TypeScript sources stand in for its build (tsx, the @quire/source condition).
  const tsx = import.meta.resolve('tsx');
  const { stdout } = await run(process.execPath, ['--conditions=@quire/source', '--import', tsx, 'quickstart.mjs'], {
    cwd: project,
    env: { ...process.env, QUIRE_API_KEY: secret, QUIRE_BASE_URL: app.url },
  });
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toBe('wrote invoice.pdf');
  expect(lines[1]).toMatch(/^rep_\S+ succeeded 2$/);
  expect(lines[2]).toBe('reports this month: 1 of 50');
  expect(lines[3]).toMatch(/^template_not_found req_\S+$/);
  expect((await readFile(join(project, 'invoice.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await stat(join(project, 'invoice.pdf'))).size).toBeGreaterThan(1000);
});
