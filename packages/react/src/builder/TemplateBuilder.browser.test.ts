// @vitest-environment node
/**
 * The builder in a real browser (the system Chromium, through playwright-core), embedded in a page as a host
 * application embeds it and talking to the real service: accessibility (axe-core) in both modes and both themes,
 * CodeMirror loaded only with Boss Mode, and the preview keeping its scroll position. `QUIRE_SCREENSHOTS=1` writes
 * the screenshots the README shows to docs/; otherwise they go to a temporary directory.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Quire } from '@quire/client';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestPage, type TestPage } from '../__fixtures__/browser-page';
import '../__fixtures__/page-globals';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const quire = new Quire({ baseUrl: inject('quireUrl'), apiKey: inject('quireApiKey') });
const token = inject('quireToken');

let browser: Browser;
let site: TestPage;
let work: string;
let shots: string;
let templateId: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'quire-react-browser-'));
  shots = process.env.QUIRE_SCREENSHOTS ? new URL('../../docs/', import.meta.url).pathname : join(work, 'shots');
  await mkdir(shots, { recursive: true });
  site = await startTestPage({ outdir: join(work, 'site'), serviceUrl: inject('quireUrl') });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const template = await quire.templates.create({ starter_id: 'invoice', name: 'Invoice' });
  templateId = template.id;
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function open(mode: 'easy' | 'boss', theme: 'light' | 'dark'): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const query = new URLSearchParams({ template: templateId, mode, theme, token });
  await page.goto(`${site.url}/?${query}`);
  await page.waitForFunction(() => window.ready === true);
  await page.waitForFunction(() => {
    const frame = document.querySelector('iframe[title="Preview of the report"]') as HTMLIFrameElement | null;
    return frame?.contentDocument?.body?.textContent?.includes('Invoice') ?? false;
  });
  if (mode === 'boss') await page.waitForSelector('.cm-editor .cm-content');
  return { page, requests };
}

/** axe-core's serious and critical violations on the whole page. */
async function seriousViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

describe('the builder in Chromium', () => {
  for (const mode of ['easy', 'boss'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`has no serious accessibility violations in ${mode} mode, ${theme} theme`, async () => {
        const { page } = await open(mode, theme);
        try {
          await page.screenshot({ path: join(shots, `builder-${mode}-${theme}.png`) });
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }

  it('loads CodeMirror only when Boss Mode first shows', async () => {
    const { page, requests } = await open('easy', 'light');
    try {
      const editorChunk = (list: string[]) => list.some((path) => /\/CodeEditor-[\w]+\.js$/.test(path));
      expect(editorChunk(requests)).toBe(false);
      await page.getByRole('switch', { name: 'Boss Mode' }).click();
      await page.waitForSelector('.cm-editor .cm-content');
      expect(editorChunk(requests)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("shows a variable's type and sample value on hover in Boss Mode", async () => {
    const { page } = await open('boss', 'light');
    try {
      const variable = page.locator('.cm-content .cm-line', { hasText: '{{ invoice.number }}' }).first();
      await variable.scrollIntoViewIfNeeded();
      const box = await variable.boundingBox();
      const text = (await variable.textContent()) ?? '';
      expect(box).not.toBeNull();
      // Point at "number" in "invoice.number": the hover covers the whole path.
      const at = text.indexOf('invoice.number') + 'invoice.'.length + 2;
      const range = await variable.evaluate((line, offset) => {
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let left = offset;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (left <= length) {
            const r = document.createRange();
            r.setStart(node, left);
            r.setEnd(node, left + 1);
            const rect = r.getBoundingClientRect();
            return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
          }
          left -= length;
        }
        return null;
      }, at);
      expect(range).not.toBeNull();
      await page.mouse.move(range?.x ?? 0, range?.y ?? 0);
      const hover = page.locator('.quire-hover');
      await hover.waitFor();
      const sample = (await quire.templates.get(templateId)).sample_data as { invoice: { number: string } };
      await expect.poll(() => hover.textContent()).toContain('invoice.number · string');
      expect(await hover.textContent()).toContain(JSON.stringify(sample.invoice.number));
    } finally {
      await page.close();
    }
  });

  it('keeps the preview where it was scrolled when the draft changes', async () => {
    const { page } = await open('easy', 'light');
    try {
      const frame = page.frameLocator('iframe[title="Preview of the report"]');
      await frame.locator('body').waitFor();
      const scrollY = () =>
        page.evaluate(() => {
          const el = document.querySelector('iframe[title="Preview of the report"]') as HTMLIFrameElement;
          return el.contentWindow?.scrollY ?? -1;
        });
      await page.evaluate(() => {
        const el = document.querySelector('iframe[title="Preview of the report"]') as HTMLIFrameElement;
        el.contentWindow?.scrollTo(0, 300);
      });
      await page.waitForFunction(() => {
        const el = document.querySelector('iframe[title="Preview of the report"]') as HTMLIFrameElement;
        return (el.contentWindow?.scrollY ?? 0) >= 300;
      });
      await page.evaluate(async () => {
        const draft = window.builder?.getDraft();
        await window.builder?.setDraft({ html: `${draft?.html ?? ''}<p>Scroll marker</p>` }, { merge: true });
      });
      await page.waitForFunction(() => {
        const el = document.querySelector('iframe[title="Preview of the report"]') as HTMLIFrameElement;
        return el.contentDocument?.body?.textContent?.includes('Scroll marker') ?? false;
      });
      await page.waitForTimeout(100);
      expect(await scrollY()).toBe(300);
    } finally {
      await page.close();
    }
  });
});
