import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
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
    expect(fonts).toEqual(
      expect.arrayContaining([expect.stringMatching(/NotoSansSC/), expect.stringMatching(/NotoSansKR-Bold/)]),
    );
    const [page] = await pageTexts(report.bytes);
    expect(page).toMatch(/发票 合计\s+お見積書\s+영수증 합계/);
  });
});
