import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStarter, starters } from '@quire/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quire, tempDir } from './__fixtures__/harness';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

describe('quire starters', () => {
  it('lists every starter with its id, kind, name and description', async () => {
    const run = await quire(dir, 'starters');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +KIND +NAME +DESCRIPTION$/);
    expect(lines).toHaveLength(starters.length + 1);
    expect(run.stdout).toMatch(/^invoice +document +Invoice +A professional invoice/m);
    expect(run.stdout).toMatch(/^order-confirmation +email +/m);
  });

  it('exports a starter as files that hold the whole template', async () => {
    const run = await quire(dir, 'starters', 'export', 'certificate');
    expect(run.code, run.stderr).toBe(0);
    const certificate = getStarter('certificate');
    const read = (name: string) => readFile(path.join(dir, name), 'utf8');
    expect(await read('certificate.html')).toBe(certificate?.html);
    expect(JSON.parse(await read('certificate.page.json'))).toEqual(certificate?.page);
    expect(JSON.parse(await read('certificate.data.json'))).toEqual(certificate?.sample_data);
    expect(JSON.parse(await read('certificate.json'))).toEqual(certificate);
  });

  it('does not overwrite exported files without --force', async () => {
    await writeFile(path.join(dir, 'invoice.html'), 'my edits');
    const refused = await quire(dir, 'starters', 'export', 'invoice');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --force');
    expect(await readFile(path.join(dir, 'invoice.html'), 'utf8')).toBe('my edits');
    const forced = await quire(dir, 'starters', 'export', 'invoice', '--force');
    expect(forced.code).toBe(0);
    expect(await readFile(path.join(dir, 'invoice.html'), 'utf8')).toBe(getStarter('invoice')?.html);
  });

  it('exits 2 for an unknown starter', async () => {
    const run = await quire(dir, 'starters', 'export', 'nope');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown starter 'nope'");
  });
});
