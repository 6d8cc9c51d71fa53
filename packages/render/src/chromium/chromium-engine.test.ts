import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type PageSetup, PageSetup as PageSetupSchema } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChromiumEngine, type ChromiumPdf } from './chromium-engine';
import { ChromiumNotFoundError } from './errors';
import { CHROMIUM_PATH_ENV, findChromium } from './find-chromium';

const run = promisify(execFile);

const a4Portrait: PageSetup = PageSetupSchema.parse({});
const a4Landscape: PageSetup = PageSetupSchema.parse({ orientation: 'landscape' });

const pageNumbers = 'Page <span class="pageNumber"></span> of <span class="totalPages"></span>';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'quire-chromium-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function writePdf(pdf: ChromiumPdf, name: string): Promise<string> {
  const path = join(workDir, `${name}.pdf`);
  await writeFile(path, pdf.bytes);
  return path;
}

async function pageText(path: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', path, '-']);
  return stdout;
}

/** Page 1 in grey levels at 72 dpi (PGM: a header, then one byte per pixel). */
async function grayPixels(path: string): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { stdout } = await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-gray', path], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: new Uint8Array(stdout.subarray(header[0].length)) };
}

/** The symbols zbarimg reads on page 1 (`QR-Code:…`, `CODE-128:…`), or null when zbarimg is not installed. */
async function decodedSymbols(path: string): Promise<string[] | null> {
  const png = join(workDir, 'codes-page');
  await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '200', '-png', '-singlefile', path, png]);
  try {
    const { stdout } = await run('zbarimg', ['--quiet', `${png}.png`]);
    return stdout.trim().split('\n').sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function pdfInfo(path: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [path]);
  return Object.fromEntries(
    stdout
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] ?? '', match[2] ?? '']),
  );
}

describe.skipIf(!findChromium())('ChromiumEngine', () => {
  let engine: ChromiumEngine;

  beforeAll(async () => {
    engine = await ChromiumEngine.launch({ pages: 2 });
  });

  afterAll(async () => {
    await engine?.close();
  });

  it('prints a two-page document with its page numbers in the header and footer', async () => {
    const pdf = await engine.renderPdf({
      html: '<h1>Quarterly report</h1><p>First page.</p><p class="next">Second page.</p>',
      css: 'h1 { color: #123456; } .next { break-before: page; } .running { color: #555; }',
      headerHtml: `<div class="running">Acme Ltd. ${pageNumbers}</div>`,
      footerHtml: `<div class="running">Footer ${pageNumbers}</div>`,
      page: a4Portrait,
      metadataTitle: 'Quarterly report',
    });
    expect(pdf.pages).toBe(2);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const path = await writePdf(pdf, 'two-pages');
    const first = await pageText(path, 1);
    const second = await pageText(path, 2);
    expect(first).toContain('Quarterly report');
    expect(first).toContain('Acme Ltd. Page 1 of 2');
    expect(first).toContain('Footer Page 1 of 2');
    expect(first).not.toContain('Second page.');
    expect(second).toContain('Second page.');
    expect(second).toContain('Acme Ltd. Page 2 of 2');
    expect(second).toContain('Footer Page 2 of 2');

    const info = await pdfInfo(path);
    expect(info.Pages).toBe('2');
    expect(info.Title).toBe('Quarterly report');
  });

  it('prints a footer alone without Chromium’s default header', async () => {
    const pdf = await engine.renderPdf({
      html: '<p>Body</p>',
      footerHtml: pageNumbers,
      page: a4Portrait,
      metadataTitle: 'Do not print me',
    });
    const text = await pageText(await writePdf(pdf, 'footer-only'), 1);
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Do not print me');
  });

  it('prints headers in a readable size, aligned with the body', async () => {
    const pdf = await engine.renderPdf({
      html: '<p style="font-size: 10pt">Bodyword</p>',
      headerHtml: 'Headword',
      page: a4Portrait,
    });
    const { stdout } = await run('pdftotext', ['-bbox', await writePdf(pdf, 'header-size'), '-']);
    const body = wordBox(stdout, 'Bodyword');
    const header = wordBox(stdout, 'Headword');
    // Chromium's own default would print the header at a fraction of the body's size.
    expect(header.height).toBeGreaterThan(body.height * 0.8);
    expect(header.height).toBeLessThan(body.height * 1.25);
    // Both start at the 18 mm left margin (51 pt).
    expect(header.x).toBeCloseTo(51, 0);
    expect(body.x).toBeCloseTo(51, 0);
  });

  it('uses the page size and orientation of the page setup', async () => {
    const landscape = await pdfInfo(
      await writePdf(await engine.renderPdf({ html: '<p>Wide</p>', page: a4Landscape }), 'landscape'),
    );
    // A4 is 297 x 210 mm: 841.89 x 595.28 pt. Chromium rounds the paper to its device pixels, up to about 1 pt.
    expect(landscape['Page size']).toMatch(/\(A4\)/);
    const [width, height] = pageSizePoints(landscape['Page size']);
    expect(Math.abs(width - 841.89)).toBeLessThan(1.5);
    expect(Math.abs(height - 595.28)).toBeLessThan(1.5);

    const custom = PageSetupSchema.parse({ size: 'custom', width_mm: 100, height_mm: 150 });
    const customInfo = await pdfInfo(
      await writePdf(await engine.renderPdf({ html: '<p>Label</p>', page: custom }), 'custom'),
    );
    const [customWidth, customHeight] = pageSizePoints(customInfo['Page size']);
    expect(Math.abs(customWidth - (100 / 25.4) * 72)).toBeLessThan(1.5);
    expect(Math.abs(customHeight - (150 / 25.4) * 72)).toBeLessThan(1.5);
  });

  it('never fetches anything from the network', async () => {
    const hits: string[] = [];
    let connections = 0;
    const server = await listen(
      createServer((request, response) => {
        hits.push(request.url ?? '');
        response.end('');
      }),
    );
    server.on('connection', () => connections++);
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const pdf = await engine.renderPdf({
        html:
          `<link rel="stylesheet" href="${origin}/style.css">` +
          `<img src="${origin}/x.png"><img src="http://example.com/x.png">` +
          `<div style="background-image: url('${origin}/background.png')">Offline</div>` +
          `<iframe src="${origin}/frame.html"></iframe><a href="${origin}/link">link</a>` +
          `<p style="font-family: Remote">Text</p>`,
        css: `@import url('${origin}/import.css'); @font-face { font-family: Remote; src: url('${origin}/font.woff2'); }`,
        headerHtml: `<img src="${origin}/header.png"> ${pageNumbers}`,
        page: a4Portrait,
      });
      expect(pdf.pages).toBe(1);
      expect(await pageText(await writePdf(pdf, 'offline'), 1)).toContain('Offline');
      expect(hits).toEqual([]);
      // Not even a connection without a request (Chromium preconnects to an iframe's host).
      expect(connections).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('renders inline data: images', async () => {
    const pixel =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const pdf = await engine.renderPdf({
      html: `<img src="${pixel}" style="width: 40mm; height: 40mm">`,
      // A template's page setup as written, defaults not yet filled in.
      page: {},
    });
    expect(Buffer.from(pdf.bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it('draws QR codes and barcodes, in the body and in the running footer', async () => {
    const pdf = await engine.renderPdf({
      html:
        '<qr-code value="https://pay.example.com/i/42" size="200"></qr-code>' +
        '<div style="margin-top: 20px"><bar-code type="code128" value="INV-42" height="80"></bar-code></div>',
      footerHtml: '<qr-code value="footer" size="48"></qr-code>',
      page: a4Portrait,
    });
    const path = await writePdf(pdf, 'codes');
    const { width, height, pixels } = await grayPixels(path);
    const darkIn = (x0: number, y0: number, x1: number, y1: number) => {
      let dark = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if ((pixels[y * width + x] as number) < 128) dark++;
      return dark;
    };
    const [left, top, , bottom] = [a4Portrait.margins.left, a4Portrait.margins.top, 0, a4Portrait.margins.bottom];
    const mm = (n: number) => Math.round((n * 72) / 25.4);
    // The QR code is 200px = 150pt square at the top left of the body: a QR code is about half dark.
    const qr = darkIn(mm(left), mm(top), mm(left) + 150, mm(top) + 150);
    expect(qr / (150 * 150)).toBeGreaterThan(0.3);
    // The barcode's 60pt-high bars below it.
    expect(darkIn(mm(left), mm(top) + 165, mm(left) + 150, mm(top) + 215)).toBeGreaterThan(1500);
    // The footer's code, in the bottom margin.
    expect(darkIn(0, height - mm(bottom), width, height)).toBeGreaterThan(300);

    const symbols = await decodedSymbols(path);
    if (symbols !== null) {
      expect(symbols).toEqual(expect.arrayContaining(['CODE-128:INV-42', 'QR-Code:https://pay.example.com/i/42']));
    }
  });

  it('runs more renders than pages, each in turn', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        engine.renderPdf({
          html: Array.from({ length: n }, (_, i) => `<p style="break-after: page">Part ${i + 1}</p>`).join(''),
          css: 'p:last-child { break-after: auto; }',
          page: a4Portrait,
        }),
      ),
    );
    expect(results.map((pdf) => pdf.pages)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops a render over its time limit and replaces the page', async () => {
    const single = await ChromiumEngine.launch({ pages: 1 });
    try {
      const big = '<p>Row</p>'.repeat(20_000);
      await expect(single.renderPdf({ html: big, page: a4Portrait, timeoutMs: 1 })).rejects.toMatchObject({
        code: 'render_timeout',
      });
      const pdf = await single.renderPdf({ html: '<p>Next</p>', page: a4Portrait });
      expect(pdf.pages).toBe(1);
    } finally {
      await single.close();
    }
  });
});

describe('ChromiumEngine without Chromium', () => {
  it('explains how to install Chromium', async () => {
    vi.stubEnv(CHROMIUM_PATH_ENV, '');
    try {
      const launching = ChromiumEngine.launch({ executablePath: '/nonexistent/quire/chromium' });
      await expect(launching).rejects.toBeInstanceOf(ChromiumNotFoundError);
      await expect(launching).rejects.toMatchObject({
        code: 'chromium_not_found',
        path: '/nonexistent/quire/chromium',
        message: expect.stringContaining('apt-get install chromium'),
      });
      await expect(launching).rejects.toThrow(/\/nonexistent\/quire\/chromium.*QUIRE_CHROMIUM_PATH/s);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('reports a bad QUIRE_CHROMIUM_PATH as such', async () => {
    vi.stubEnv(CHROMIUM_PATH_ENV, '/nonexistent/from-env');
    try {
      await expect(ChromiumEngine.launch()).rejects.toThrow(/\/nonexistent\/from-env \(from QUIRE_CHROMIUM_PATH\)/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

function wordBox(bboxHtml: string, word: string): { x: number; height: number } {
  const match = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}<`).exec(bboxHtml);
  if (match === null) throw new Error(`${word} is not in the PDF`);
  return { x: Number(match[1]), height: Number(match[3]) - Number(match[2]) };
}

function pageSizePoints(value: string | undefined): [number, number] {
  const match = /([\d.]+) x ([\d.]+) pts/.exec(value ?? '');
  return [Number(match?.[1]), Number(match?.[2])];
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
