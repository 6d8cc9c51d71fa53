import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStarter } from '@quire/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdfText, quire, tempDir } from './__fixtures__/harness';
import { nameFrom, sanitiseFileName } from './batch';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

/** Five lines of invoice data, the third of them broken JSON. */
async function writeInvoices(): Promise<void> {
  const sample = getStarter('invoice')?.sample_data as { invoice: Record<string, unknown> };
  const line = (number: string) => JSON.stringify({ ...sample, invoice: { ...sample.invoice, number } });
  const lines = [line('INV-1'), line('INV/2'), '{"invoice": ', line('INV-3'), line('INV-4')];
  await writeFile(path.join(dir, 'invoices.ndjson'), `${lines.join('\n')}\n\n`);
}

describe('quire render --batch', () => {
  it('renders one report per line, names them by a field, and reports the broken line', async () => {
    await writeInvoices();
    const run = await quire(
      dir,
      'render',
      'invoice',
      '--batch',
      'invoices.ndjson',
      '--out-dir',
      'out',
      '--name-field',
      'invoice.number',
    );
    expect(run.code).toBe(1);
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual(['INV-1.pdf', 'INV-3.pdf', 'INV-4.pdf', 'INV_2.pdf']);
    expect(await pdfText(path.join(dir, 'out', 'INV-3.pdf'))).toContain('INV-3');
    expect(run.stderr).toContain('Rendered 4 of 5 reports into out');
    expect(run.stderr).toMatch(/1 line of invoices\.ndjson failed:\n {2}line 3: not valid JSON: /);
    // Progress goes to stderr as plain lines when it is not a terminal.
    expect(run.stderr).toMatch(/^5\/5 100% · [\d.]+\/s · done · 1 failed$/m);
  });

  it('renders on worker threads with --workers and names files by line number', async () => {
    await writeInvoices();
    const run = await quire(
      dir,
      'render',
      'invoice',
      '--batch',
      'invoices.ndjson',
      '--out-dir',
      'out',
      '--workers',
      '2',
    );
    expect(run.code).toBe(1);
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual(['0001.pdf', '0002.pdf', '0004.pdf', '0005.pdf']);
    expect(await pdfText(path.join(dir, 'out', '0002.pdf'))).toContain('INV/2');
    expect(run.stderr).toContain('line 3: not valid JSON');
  });

  it('reports data a line cannot render with, and goes on', async () => {
    await writeFile(path.join(dir, 't.html'), '<p>{{ amount | money }}</p>');
    await writeFile(path.join(dir, 'rows.ndjson'), '{"amount": 5}\n{"amount": "abc"}\n[1]\n{"amount": 7}\n');
    const run = await quire(dir, 'render', 't.html', '--batch', 'rows.ndjson', '--out-dir', 'out', '--format', 'html');
    expect(run.code).toBe(1);
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual(['0001.html', '0004.html']);
    expect(run.stderr).toMatch(/line 2: money: .*\(template line 1, column 4\)/);
    expect(run.stderr).toContain('line 3: expected a JSON object of data, got an array');
  });

  it('stops before the first line on a syntax error in the template', async () => {
    await writeFile(path.join(dir, 't.html'), '<p>\n  {% if x %}</p>');
    await writeFile(path.join(dir, 'rows.ndjson'), '{"x": 1}\n');
    const run = await quire(dir, 'render', 't.html', '--batch', 'rows.ndjson', '--out-dir', 'out');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('t.html:2:3: tag {% if x %} not closed');
  });

  it('needs --out-dir and refuses --out and --data', async () => {
    await writeInvoices();
    for (const extra of [[], ['--out-dir', 'o', '--out', 'x.pdf'], ['--out-dir', 'o', '--data', 'd.json']]) {
      const run = await quire(dir, 'render', 'invoice', '--batch', 'invoices.ndjson', ...extra);
      expect(run.code, extra.join(' ')).toBe(2);
    }
  });
});

describe('batch file names', () => {
  it('keeps names inside the output directory', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(sanitiseFileName('INV 2026/01')).toBe('INV_2026_01');
    expect(sanitiseFileName('.hidden')).toBe('hidden');
    expect(sanitiseFileName('Ærø-Fähre')).toBe('Ærø-Fähre');
    expect(sanitiseFileName('CON')).toBe('_CON');
    expect(sanitiseFileName('...')).toBe('');
  });

  it('reads dot paths with array indexes and ignores what is not a scalar', () => {
    const data = { invoice: { number: 42, lines: [{ sku: 'A-1' }] }, empty: '' };
    expect(nameFrom(data, 'invoice.number')).toBe('42');
    expect(nameFrom(data, 'invoice.lines[0].sku')).toBe('A-1');
    expect(nameFrom(data, 'invoice')).toBeUndefined();
    expect(nameFrom(data, 'invoice.missing')).toBeUndefined();
    expect(nameFrom(data, 'empty')).toBeUndefined();
    expect(nameFrom(data, 'invoice.constructor')).toBeUndefined();
  });
});
