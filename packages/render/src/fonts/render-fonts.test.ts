import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { check } from '../check/check';
import { renderReport } from '../render';
import { loadBundledFonts, type OptionalFamily, optionalFontFamilies, readOptionalFamily } from './bundled';
import { FontRegistry } from './registry';

/* A render's own font families (a team's uploaded fonts): named by the template's CSS, embedded in the PDF. */

const run = promisify(execFile);

/** The base names of the fonts a PDF embeds (pdffonts), subset prefixes dropped. */
async function embeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-fonts-'));
  const file = join(dir, 'out.pdf');
  await writeFile(file, bytes);
  const { stdout } = await run('pdffonts', [file]);
  return stdout
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter(Boolean);
}

describe('RenderOptions.fonts', () => {
  const mono = loadBundledFonts()['Noto Sans Mono']?.normal as Uint8Array;

  it('draws text in a family the render brings, by the name its CSS uses, and leaves other renders alone', async () => {
    const template = { html: `<p style="font-family: 'Brand Mono', sans-serif">Brand text</p>` };
    const branded = await renderReport({ template, data: {}, fonts: { 'Brand Mono': { normal: mono } } });
    expect(await embeddedFonts(branded.bytes)).toEqual([expect.stringMatching(/NotoSansMono/)]);
    expect(branded.warnings).toEqual([]);
    const plain = await renderReport({ template, data: {} });
    expect(await embeddedFonts(plain.bytes)).toEqual([expect.stringMatching(/^NotoSans-/)]);
  });

  it('fails with invalid_font, naming the family, when a face is not a font', async () => {
    const bad = renderReport({
      template: { html: '<p>x</p>' },
      data: {},
      fonts: { 'Broken Sans': { normal: new TextEncoder().encode('not a font at all, just text') } },
    });
    await expect(bad).rejects.toMatchObject({ code: 'invalid_font', message: expect.stringContaining('Broken Sans') });
  });
});

describe('the bundled symbol fallback', () => {
  it('draws check marks, ballot boxes and stars that the text fonts lack, read only when a page needs them', async () => {
    const report = await renderReport({
      template: { html: '<p>✓ Paid ✗ Void ☐ Open ☑ Done ★★★☆☆</p>' },
      data: {},
    });
    expect(report.warnings.filter((w) => w.code === 'missing_glyphs')).toEqual([]);
    expect(await embeddedFonts(report.bytes)).toEqual(
      expect.arrayContaining([expect.stringMatching(/NotoSansSymbols2/)]),
    );
    const [page] = await pageTexts(report.bytes);
    expect(page).toMatch(/✓ Paid ✗ Void ☐ Open ☑\s+Done ★★★☆☆/);
  });
});

describe('the optional CJK package (@quire/fonts-cjk, installed in this repository)', () => {
  it('is found with its families and the CSS names that stand for them', () => {
    const found = optionalFontFamilies();
    expect(found.map((f) => f.family)).toEqual(['Noto Sans SC', 'Noto Sans KR']);
    expect(found[0]?.aliases).toContain('microsoft yahei');
    expect(found[1]?.aliases).toContain('malgun gothic');
  });

  it('is read only when a character needs it, then draws Chinese, Japanese and Korean', async () => {
    const family = optionalFontFamilies()[0] as OptionalFamily;
    let reads = 0;
    const registry = new FontRegistry(loadBundledFonts()).registerDeferred(
      family.family,
      () => {
        reads++;
        return readOptionalFamily(family);
      },
      family.aliases,
    );
    expect(registry.splitByCoverage('Latin only', 'Noto Sans')).toEqual([{ text: 'Latin only', font: 'Noto Sans' }]);
    expect(reads).toBe(0);
    expect(registry.splitByCoverage('合计 ¥42', 'Noto Sans')[0]).toEqual({ text: '合计 ¥42', font: 'Noto Sans SC' });
    expect(reads).toBe(1);
    expect(registry.resolveFamily('"Microsoft YaHei", sans-serif')).toBe('Noto Sans SC');

    const report = await renderReport({
      template: { html: '<p>发票 合计</p><p>お見積書</p><p><b>영수증</b> 합계</p>' },
      data: {},
    });
    expect(report.warnings.filter((w) => w.code === 'missing_glyphs')).toEqual([]);
    const fonts = await embeddedFonts(report.bytes);
    // The bold Korean is the fallback's regular face, emboldened, as Chromium on Linux draws it (synthetic-bold.test.ts).
    expect(fonts).toEqual(
      expect.arrayContaining([expect.stringMatching(/NotoSansSC/), expect.stringMatching(/NotoSansKR-Regular/)]),
    );
    expect(fonts).not.toContainEqual(expect.stringMatching(/NotoSansKR-Bold/));
    const [page] = await pageTexts(report.bytes);
    expect(page).toMatch(/发票 合计\s+お見積書\s+영수증 합계/);
  });
});

describe('@font-face', () => {
  const bundled = loadBundledFonts()['Noto Sans Mono'] as { normal: Uint8Array; bold: Uint8Array };
  const dataUri = (bytes: Uint8Array) => `data:font/ttf;base64,${Buffer.from(bytes).toString('base64')}`;

  it('draws with the faces a template embeds as data: URIs, by weight, and reports nothing', async () => {
    const css = [
      `@font-face { font-family: "Embedded Mono"; src: local("Nope"), url("${dataUri(bundled.normal)}") format("truetype"); }`,
      `@font-face { font-family: "Embedded Mono"; font-weight: 700; src: url(${dataUri(bundled.bold)}); }`,
      `p { font-family: "Embedded Mono", sans-serif }`,
    ].join('\n');
    const report = await renderReport({ template: { html: '<p>Plain <b>bold</b></p>', css }, data: {} });
    expect(report.warnings).toEqual([]);
    expect((await embeddedFonts(report.bytes)).sort()).toEqual(['NotoSansMono-Bold', 'NotoSansMono-Regular']);
    const [page] = await pageTexts(report.bytes);
    expect(page?.trim()).toBe('Plain bold');
  });

  it('draws with a font file among the render’s assets, named by its URL, and reads it again when it changes', async () => {
    const css =
      '@font-face { font-family: Brand; src: url("fonts/brand.ttf") format("truetype"); } p { font-family: Brand }';
    const template = { html: '<p>From the assets</p>', css };
    const first = await renderReport({ template, data: {}, assets: { 'fonts/brand.ttf': bundled.normal } });
    expect(first.warnings).toEqual([]);
    expect(await embeddedFonts(first.bytes)).toEqual(['NotoSansMono-Regular']);
    // The same URL with other bytes (a file replaced between two renders) is not the registry kept for the first.
    const other = loadBundledFonts().Carlito?.normal as Uint8Array;
    const second = await renderReport({ template, data: {}, assets: { 'fonts/brand.ttf': other } });
    expect(await embeddedFonts(second.bytes)).toEqual(['Carlito-Regular']);
    // Without the file, as before: reported and drawn in the default.
    const missing = await renderReport({ template, data: {} });
    expect(missing.warnings.map((w) => w.code)).toEqual(['font_not_loaded']);
  });

  it('reports a font it cannot load, with its line, and falls back along the font-family list', async () => {
    const css = [
      '@font-face { font-family: Remote; src: url(https://fonts.example/remote.woff2) format("woff2"); }',
      `@font-face { font-family: Broken; src: url(data:font/ttf;base64,${Buffer.from('not a font').toString('base64')}); }`,
      'p { font-family: Remote, Broken, "Courier New" }',
    ].join('\n');
    const report = await renderReport({ template: { html: '<p>Fallback</p>', css }, data: {} });
    expect(report.warnings.map((w) => [w.code, w.line])).toEqual([
      ['font_not_loaded', 1],
      ['font_not_loaded', 2],
    ]);
    expect(report.warnings[0]?.message).toMatch(
      /@font-face "Remote": the font at https:\/\/fonts\.example\/remote\.woff2 was not loaded/,
    );
    expect(report.warnings[1]?.message).toMatch(
      /@font-face "Broken": the font is not a TrueType, OpenType or WOFF font/,
    );
    expect(await embeddedFonts(report.bytes)).toEqual(['Cousine-Regular']);
    const result = await check({ template: { html: '<p>Fallback</p>', css }, data: {} });
    expect(result.findings.filter((f) => f.code === 'font_not_loaded').map((f) => f.severity)).toEqual([
      'error',
      'error',
    ]);
  });
});
