import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { getStarter } from '@quire/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findChromium } from '../chromium';
import { loadBundledFonts } from '../fonts/bundled';
import { pdfPages, pdfText, quire, tempDir } from './__fixtures__/harness';

const invoice = getStarter('invoice');
const order = getStarter('order-confirmation');
if (!invoice || !order) throw new Error('the invoice and order-confirmation starters are missing');
const invoiceNumber = (invoice.sample_data as { invoice: { number: string } }).invoice.number;
const orderNumber = String((order.sample_data as { order: { number: string } }).order.number);

// A 1x1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

const exec = promisify(execFile);

describe('quire render', () => {
  it('prints the images and fonts an HTML file names beside it, and nothing from outside its folder', async () => {
    const fonts = loadBundledFonts();
    await mkdir(path.join(dir, 'site', 'fonts'), { recursive: true });
    await writeFile(path.join(dir, 'site', 'fonts', 'brand.ttf'), fonts.Carlito?.normal as Uint8Array);
    await writeFile(path.join(dir, 'site', 'logo.png'), PNG);
    await writeFile(path.join(dir, 'outside.png'), PNG);
    await writeFile(
      path.join(dir, 'site', 'page.html'),
      [
        '<style>@font-face { font-family: Brand; src: url("fonts/brand.ttf"); } h1 { font-family: Brand }</style>',
        '<h1>Beside the page</h1><img src="logo.png" width="40" height="40"><img src="../outside.png" width="40">',
      ].join('\n'),
    );
    const run = await quire(dir, 'render', 'site/page.html', '--out', 'page.pdf');
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dir, 'page.pdf');
    expect((await exec('pdffonts', [file])).stdout).toMatch(/Carlito/);
    // One image drawn: the logo beside the page; the file above the template's folder is not read.
    const images = (await exec('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    expect(images.filter((line) => line.split(/\s+/)[3] === 'image')).toHaveLength(1);
    expect(run.stderr).toMatch(/\.\.\/outside\.png/);
  });

  it('renders a starter with its sample data to <id>.pdf and reports pages, bytes and time', async () => {
    const run = await quire(dir, 'render', 'invoice');
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dir, 'invoice.pdf');
    expect(await pdfText(file)).toContain(invoiceNumber);
    const pages = await pdfPages(file);
    expect(run.stderr).toMatch(new RegExp(`^invoice\\.pdf: ${pages} pages?, [\\d,]+ bytes, \\d+ ms`));
  });

  it('writes the report to stdout with --out -', async () => {
    const run = await quire(dir, 'render', 'invoice', '--out', '-');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdoutBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(run.stderr).toMatch(/^stdout: \d+ pages?/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('renders the files of an exported starter back to the same report', async () => {
    const exported = await quire(dir, 'starters', 'export', 'invoice', '--dir', 'exp');
    expect(exported.code, exported.stderr).toBe(0);
    expect((await readdir(path.join(dir, 'exp'))).sort()).toEqual(
      [
        'invoice.css',
        'invoice.data.json',
        'invoice.footer.html',
        'invoice.html',
        'invoice.json',
        'invoice.page.json',
      ].sort(),
    );
    expect(exported.stderr).toContain('quire render exp/invoice.html --data exp/invoice.data.json');

    const fromFiles = await quire(
      dir,
      'render',
      'exp/invoice.html',
      '--data',
      'exp/invoice.data.json',
      '--out',
      'a.pdf',
    );
    expect(fromFiles.code, fromFiles.stderr).toBe(0);
    const fromStarter = await quire(dir, 'render', 'invoice', '--out', 'b.pdf');
    expect(fromStarter.code, fromStarter.stderr).toBe(0);
    const [a, b] = [path.join(dir, 'a.pdf'), path.join(dir, 'b.pdf')];
    expect(await pdfText(a)).toBe(await pdfText(b));
    expect(await pdfPages(a)).toBe(await pdfPages(b));

    // The whole template as one JSON file renders with its own sample data.
    const fromJson = await quire(dir, 'render', 'exp/invoice.json', '--out', 'c.pdf');
    expect(fromJson.code, fromJson.stderr).toBe(0);
    expect(await pdfText(path.join(dir, 'c.pdf'))).toBe(await pdfText(b));
  });

  it('renders standalone HTML with --format html', async () => {
    const run = await quire(dir, 'render', 'invoice', '--format', 'html');
    expect(run.code, run.stderr).toBe(0);
    const html = await readFile(path.join(dir, 'invoice.html'), 'utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toContain(invoiceNumber);
    expect(run.stderr).toMatch(/^invoice\.html: [\d,]+ bytes/);
  });

  it('renders an email starter as email, and the exported MJML file as email too', async () => {
    const run = await quire(dir, 'render', 'order-confirmation');
    expect(run.code, run.stderr).toBe(0);
    const email = await readFile(path.join(dir, 'order-confirmation.html'), 'utf8');
    expect(email).toContain(orderNumber);
    expect(email).not.toContain('<mjml');

    await quire(dir, 'starters', 'export', 'order-confirmation', '--dir', 'exp');
    const back = await quire(
      dir,
      'render',
      'exp/order-confirmation.html',
      '--data',
      'exp/order-confirmation.data.json',
      '--out',
      'back.html',
    );
    expect(back.code, back.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'back.html'), 'utf8')).toBe(email);
  });

  it('finds the css, header, footer and page setup beside an .html body, and flags override them', async () => {
    await writeFile(path.join(dir, 'memo.html'), '<h1>Memo for {{ who }}</h1>');
    await writeFile(path.join(dir, 'memo.header.html'), '<p>Header of {{ who }}</p>');
    await writeFile(path.join(dir, 'memo.footer.html'), '<p>Page {{ page_number }} of {{ page_count }}</p>');
    await writeFile(path.join(dir, 'memo.css'), 'h1 { color: #c00; }');
    await writeFile(path.join(dir, 'memo.page.json'), JSON.stringify({ size: 'Letter' }));
    await writeFile(path.join(dir, 'data.json'), JSON.stringify({ who: 'Ada' }));

    const run = await quire(dir, 'render', 'memo.html', '--data', 'data.json');
    expect(run.code, run.stderr).toBe(0);
    const text = await pdfText(path.join(dir, 'memo.pdf'));
    expect(text).toContain('Memo for Ada');
    expect(text).toContain('Header of Ada');
    expect(text).toContain('Page 1 of 1');

    const landscape = await quire(
      dir,
      'render',
      'memo.html',
      '--data',
      'data.json',
      '--orientation',
      'landscape',
      '--page',
      'A4',
      '--out',
      'l.pdf',
    );
    expect(landscape.code, landscape.stderr).toBe(0);
    const { execFile } = await import('node:child_process');
    const info = await new Promise<string>((resolve, reject) =>
      execFile('/usr/bin/pdfinfo', [path.join(dir, 'l.pdf')], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    // A4 landscape: 841.89 x 595.28 points.
    expect(info).toMatch(/Page size:\s+841\.\d+ x 595\.\d+ pts/);
  });

  it('prints a template error as file:line:column with the source line and a caret', async () => {
    await writeFile(path.join(dir, 'broken.html'), '<h1>Hello</h1>\n<p> {{ name | nosuch }}</p>\n');
    const run = await quire(dir, 'render', 'broken.html');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken.html:2:5: undefined filter: nosuch\n');
    expect(run.stderr).toContain('    2 | <p> {{ name | nosuch }}</p>\n      |     ^\n');
    expect(existsSync(path.join(dir, 'broken.pdf'))).toBe(false);
  });

  it('points a template error in the footer at the footer file', async () => {
    await writeFile(path.join(dir, 'doc.html'), '<p>{{ total | money }}</p>');
    await writeFile(path.join(dir, 'doc.footer.html'), '<p>ok</p>\n<p>{{ total | money: "XXXX" }}</p>');
    await writeFile(path.join(dir, 'data.json'), JSON.stringify({ total: 12 }));
    const run = await quire(dir, 'render', 'doc.html', '--data', 'data.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^quire: doc\.footer\.html:2:4: money: "XXXX" is not a currency code/);
    expect(run.stderr).toContain('|    ^');
  });

  it('refuses to overwrite the template it renders', async () => {
    await writeFile(path.join(dir, 'page.html'), '<p>Hi</p>');
    const run = await quire(dir, 'render', 'page.html', '--format', 'html');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Refusing to overwrite the template file page.html');
    expect(await readFile(path.join(dir, 'page.html'), 'utf8')).toBe('<p>Hi</p>');
  });

  it('reports bad data files and missing templates without a stack', async () => {
    await writeFile(path.join(dir, 'bad.json'), '{ "a": ');
    const bad = await quire(dir, 'render', 'invoice', '--data', 'bad.json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^quire: bad\.json is not valid JSON/);
    expect(bad.stderr).not.toContain('    at ');

    const missing = await quire(dir, 'render', 'nothing.html');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('quire: nothing.html: no such file\n');
  });

  it.skipIf(findChromium() === undefined)('renders with the chromium engine', async () => {
    const run = await quire(dir, 'render', 'invoice', '--engine', 'chromium');
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dir, 'invoice.pdf');
    expect(await pdfText(file)).toContain(invoiceNumber);
    expect(run.stderr).toContain(`invoice.pdf: ${await pdfPages(file)} page`);
  });
});

describe('usage errors', () => {
  it('exits 2 on an unknown flag and points at the help', async () => {
    const run = await quire(dir, 'render', 'invoice', '--bogus');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--bogus'");
    expect(run.stderr).toContain('Run quire --help');
  });

  it('exits 2 on a missing argument, an unknown starter, a bad flag value or an unknown command', async () => {
    for (const args of [
      ['render'],
      ['render', 'nope'],
      ['render', 'invoice', '--format', 'docx'],
      ['frobnicate'],
      ['render', 'invoice', '--out'],
    ]) {
      const run = await quire(dir, ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Run quire --help');
    }
  });

  it('prints help and the version', async () => {
    const help = await quire(dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: quire <command>');
    const renderHelp = await quire(dir, 'render', '--help');
    expect(renderHelp.stdout).toContain('--batch <file>');
    const version = await quire(dir, '--version');
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(version.stdout).toBe(`${manifest.version}\n`);
  });
});
