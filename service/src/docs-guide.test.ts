/**
 * docs/api.md promises that its shell blocks run as written, in order, in one shell: this runs them against a fresh
 * service and looks at what they made, so the guide cannot drift from the API.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadBundledFonts } from '@quire/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './__fixtures__/harness';
import { pdfText } from './reports/__fixtures__/pdf';

const run = promisify(execFile);
const GUIDE = new URL('../../docs/api.md', import.meta.url);

/** The ```sh blocks of the guide, without the ones marked `<!-- guide-test: skip -->` (the setup for a reader). */
function shellBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const pattern = /(<!-- guide-test: skip -->\s*)?```sh\n([\s\S]*?)```/g;
  for (const match of markdown.matchAll(pattern)) if (!match[1]) blocks.push(match[2] as string);
  return blocks;
}

let app: RunningApp;
let workDir: string;
beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
  workDir = await mkdtemp(join(tmpdir(), 'quire-guide-'));
  // The reader's own font file the guide uploads: any TrueType font does.
  await writeFile(join(workDir, 'Brand-Regular.ttf'), loadBundledFonts().Carlito?.normal as Uint8Array);
});
afterAll(async () => {
  await app?.close({ removeData: true });
  await rm(workDir, { recursive: true, force: true });
});

describe('docs/api.md', () => {
  it('runs every shell block, in order, against a fresh service', async () => {
    const blocks = shellBlocks(await readFile(GUIDE, 'utf8'));
    expect(blocks.length).toBeGreaterThan(8);
    // Every curl call reports its status on stderr, so that an error the reader would see cannot pass unnoticed.
    const strictCurl = `curl() { command curl --write-out '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }`;
    const script = ['set -euo pipefail', strictCurl, ...blocks].join('\n');
    const { stdout, stderr } = await run('bash', ['-c', script], {
      cwd: workDir,
      env: { ...process.env, QUIRE: app.url, OUTBOX: join(app.dataDir, 'outbox') },
      timeout: 120_000,
      maxBuffer: 10 * 1024 * 1024,
    });
    // What the guide's readers see: the confirmed address, a TypeScript declaration, a report's status, an error code.
    expect(stdout).toContain('"ada@example.com"');
    expect(stdout).toMatch(/export interface \w+Data/);
    expect(stdout).toContain('"succeeded"');
    expect(stdout).toContain('"template_not_found"');
    expect(stdout).toContain('"professional"');
    expect(stdout).toContain('"Brand Sans"');
    const calls = stderr.split('\n').filter((line) => line.startsWith('HTTP '));
    expect(calls.length).toBeGreaterThan(30);
    // The only failures are those the guide shows on purpose: a template that does not exist, and a route an embed
    // token cannot call.
    const failures = calls.filter((line) => !/^HTTP [23]\d\d /.test(line));
    expect(failures).toEqual([
      expect.stringMatching(/^HTTP 404 POST .*\/v1\/reports$/),
      expect.stringMatching(/^HTTP 403 GET .*\/v1\/reports$/),
    ]);
    // The embedded builder: a token from the key's origin, a draft saved with it, and a route outside its scope.
    expect(stdout).toContain('["https://app.example.com"]');
    expect(stdout).toMatch(/^access-control-allow-origin: https:\/\/app\.example\.com\r?$/im);
    expect(stdout).toMatch(/^embed_scope$/m);
    // The AI's label holds what was asked (a 4x6 page, a barcode of the tracking number), and a turn asking for what
    // it already has saves nothing.
    expect(stdout).toMatch(/"width_mm": 101\.6/);
    expect(stdout).toMatch(/"changed": false/);
    // The AI wrote a template and refined it twice, and the report of it is a real PDF.
    expect(await pdfText(await readFile(join(workDir, 'ai-invoice.pdf')))).toMatch(/Facture|FACTURE/);
    // The files it downloaded are the reports it promised.
    expect(await pdfText(await readFile(join(workDir, 'preview.pdf')))).toContain('Receipt for Ada');
    expect(await pdfText(await readFile(join(workDir, 'receipt.pdf')))).toContain('Receipt for Ada');
    // The receipt's heading is drawn with the team's uploaded font (the file's own name is Carlito's).
    const { stdout: fonts } = await run('pdffonts', [join(workDir, 'receipt.pdf')]);
    expect(fonts).toMatch(/Carlito/);
    expect((await readFile(join(workDir, 'invoice.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    // The retried POST with one Idempotency-Key made one report.
    const ids = stdout.split('\n').filter((line) => /^rep_/.test(line));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  }, 150_000);

  it('finds no block when all are marked to skip (the extraction is not vacuous)', () => {
    expect(shellBlocks('<!-- guide-test: skip -->\n```sh\necho a\n```\n```sh\necho b\n```')).toEqual(['echo b\n']);
  });
});
