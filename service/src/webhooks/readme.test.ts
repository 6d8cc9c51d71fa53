import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signWebhook } from '@quire/core';
import { afterEach, describe, expect, it } from 'vitest';

const README = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'whsec_readme_0123456789abcdefghijklmnopqrstuvwxyz';

/** The README's ```js block whose first line names the file. */
function example(file: string): string {
  const block = [...README.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1] as string)
    .find((code) => code.startsWith(`// ${file}`));
  if (!block) throw new Error(`No example ${file} in the README`);
  return block;
}

interface Running {
  port: number;
  output: () => string;
  child: ChildProcess;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Runs an example as a user would (ESM, @quire/core from the workspace), on a free port. */
async function run(code: string): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', '--input-type=module', '-e', code],
    { cwd: SERVICE_DIR, env: { ...process.env, PORT: '0', QUIRE_WEBHOOK_SECRET: SECRET }, stdio: 'pipe' },
  );
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  await expect.poll(() => /listening on (\d+)/.exec(out), { timeout: 15_000 }).toBeTruthy();
  const port = Number(/listening on (\d+)/.exec(out)?.[1]);
  return { port, output: () => out, child };
}

const event = JSON.stringify({ id: 'evt_readme12345', type: 'report.completed', data: { object: { id: 'rpt_1' } } });

async function send(port: number, header: string | undefined, body = event) {
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'quire-signature': header } : {}) },
    body,
  });
  return response.status;
}

describe.each(['receiver-core.mjs', 'receiver-crypto.mjs'])('the README example %s', (file) => {
  it('accepts a signed event, during a rotation too, and refuses tampered, stale and unsigned ones', async () => {
    const { port, output } = await run(example(file));
    const now = Math.floor(Date.now() / 1000);
    const signed = await signWebhook({ secret: SECRET, timestamp: now, body: event });
    expect(await send(port, signed)).toBe(200);
    expect(output()).toContain('report.completed evt_readme12345');
    const rotating = await signWebhook({ secret: ['whsec_the_new_one', SECRET], timestamp: now, body: event });
    expect(await send(port, rotating)).toBe(200);

    expect(await send(port, signed, event.replace('rpt_1', 'rpt_2'))).toBe(400);
    expect(await send(port, await signWebhook({ secret: 'whsec_wrong', timestamp: now, body: event }))).toBe(400);
    expect(await send(port, await signWebhook({ secret: SECRET, timestamp: now - 600, body: event }))).toBe(400);
    expect(await send(port, undefined)).toBe(400);
    expect(await send(port, 'nonsense')).toBe(400);
  });
});
