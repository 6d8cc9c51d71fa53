/**
 * Renders templates with Quire's engine, the pdfmake engine and Chromium, and writes each page of the three
 * side by side as one PNG, to look at what the engines draw differently.
 *
 *   node --conditions=@quire/source --import tsx scripts/side-by-side.ts <out dir> [starter id | file.html]...
 *
 * With no template, every document starter and the engine's test corpus (src/engine/__fixtures__/corpus).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStarter, PageSetup, starters } from '@quire/core';
import { PNG } from 'pngjs';
import { ChromiumEngine } from '../src/chromium/chromium-engine';
import { renderReport } from '../src/render';
import type { EngineName, RenderTemplate } from '../src/types';
import { rasterize } from '../src/visual/rasterize';

const CORPUS = fileURLToPath(new URL('../src/engine/__fixtures__/corpus/', import.meta.url));
const ENGINES: EngineName[] = ['quire', 'chromium', 'pdfmake'];
const DATA: Record<string, Record<string, unknown>> = {
  'long-table': { rows: Array.from({ length: 300 }, (_, i) => i + 1) },
};

async function templates(
  names: string[],
): Promise<Array<{ id: string; template: RenderTemplate; data: Record<string, unknown> }>> {
  const all = names.length
    ? names
    : [
        ...starters.filter((s) => s.kind === 'document').map((s) => s.id),
        ...(await readdir(CORPUS)).filter((n) => n.endsWith('.html')).map((n) => join(CORPUS, n)),
      ];
  return Promise.all(
    all.map(async (name) => {
      if (name.endsWith('.html')) {
        const id = basename(name, '.html');
        return { id, template: { name: id, html: await readFile(name, 'utf8') }, data: DATA[id] ?? {} };
      }
      const starter = getStarter(name);
      if (!starter) throw new Error(`No starter ${name}`);
      return { id: name, template: starter, data: starter.sample_data };
    }),
  );
}

/** The PNGs of a page row, left to right, on one white canvas with a 10px gap. */
function combine(images: Array<PNG | undefined>): PNG {
  const present = images.filter((i): i is PNG => i !== undefined);
  const height = Math.max(...present.map((i) => i.height));
  const width = images.reduce((sum, i) => sum + (i?.width ?? present[0]?.width ?? 0) + 10, 0);
  const out = new PNG({ width, height });
  out.data.fill(255);
  let x = 0;
  for (const image of images) {
    if (image) PNG.bitblt(image, out, 0, 0, image.width, image.height, x, 0);
    x += (image?.width ?? present[0]?.width ?? 0) + 10;
  }
  return out;
}

const [outDir, ...names] = process.argv.slice(2);
if (!outDir) throw new Error('usage: side-by-side.ts <out dir> [starter | file.html]...');
await mkdir(outDir, { recursive: true });
const chromium = await ChromiumEngine.launch();
try {
  for (const { id, template, data } of await templates(names)) {
    const pages: Record<string, PNG[]> = {};
    for (const engine of ENGINES) {
      const report = await renderReport(
        { template, data, engine },
        {
          chromium: async () => ({
            renderPdf: (input) => chromium.renderPdf({ ...input, page: PageSetup.parse(input.page) }),
          }),
        },
      );
      pages[engine] = (await rasterize(report.bytes, { dpi: 60 })).map((b) => PNG.sync.read(b));
      if (engine === 'quire' && report.warnings.length)
        console.log(id, 'quire warnings:', report.warnings.map((w) => `${w.code}: ${w.message}`).join(' | '));
    }
    const count = Math.max(...ENGINES.map((e) => pages[e]?.length ?? 0));
    for (let p = 0; p < count; p++) {
      const file = join(outDir, `${id}-${p + 1}.png`);
      await writeFile(file, PNG.sync.write(combine(ENGINES.map((e) => pages[e]?.[p]))));
    }
    console.log(`${id}: ${ENGINES.map((e) => `${e} ${pages[e]?.length} pages`).join(', ')}`);
  }
} finally {
  await chromium.close();
}
