import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';
import { loadBundledFonts } from './bundled';

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
