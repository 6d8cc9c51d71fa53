import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStarter } from '@quire/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../check/check';
import { quire, tempDir } from './__fixtures__/harness';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

/** The invoice starter's sample data without invoice.number. */
function invoiceWithoutNumber(): Record<string, unknown> {
  const data = structuredClone(getStarter('invoice')?.sample_data) as { invoice: Record<string, unknown> };
  delete data.invoice.number;
  return data;
}

describe('quire check', () => {
  it('reports data the template prints but does not get, and the page count', async () => {
    await writeFile(path.join(dir, 'data.json'), JSON.stringify(invoiceWithoutNumber()));
    const run = await quire(dir, 'check', 'invoice', '--data', 'data.json');
    expect(run.stdout).toMatch(/^warning +missing_variable +invoice\.number +The data has no invoice\.number/m);
    expect(run.stdout).toMatch(/^\d+ pages?; \d+ errors?, \d+ warnings?, \d+ notes?\n$/m);
    expect(run.code).toBe(run.stdout.match(/^error /m) ? 1 : 0);
  });

  it('prints the result as JSON with --json', async () => {
    await writeFile(path.join(dir, 'data.json'), JSON.stringify(invoiceWithoutNumber()));
    const run = await quire(dir, 'check', 'invoice', '--data', 'data.json', '--json');
    const result = JSON.parse(run.stdout) as CheckResult;
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'missing_variable', path: 'invoice.number' }),
    );
    expect(result.pages).toBeGreaterThan(0);
    expect(run.code).toBe(result.ok ? 0 : 1);
  });

  it('passes a starter with its own sample data', async () => {
    const run = await quire(dir, 'check', 'invoice');
    expect(run.stdout).not.toContain('missing_variable');
    expect(run.code, run.stdout).toBe(0);
  });

  it('exits 1 on a template error and shows where it is', async () => {
    await writeFile(path.join(dir, 't.html'), '<p>ok</p>\n<p>{% if x %}</p>\n');
    const run = await quire(dir, 'check', 't.html');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error +template_syntax_error +t\.html:2:4 +tag \{% if x %\} not closed$/m);
    expect(run.stdout).toContain('    2 | <p>{% if x %}</p>\n      |    ^\n');
    expect(run.stdout).toMatch(/did not render; 1 error/);
  });
});
