// @vitest-environment node
/**
 * The builder in a real browser (the system Chromium, through playwright-core), embedded in a page as a host
 * application embeds it and talking to the real service: accessibility (axe-core) in both modes and both themes, with
 * the AI chat open and at a narrow width; Easy Mode's click-to-edit; the PDF preview; CodeMirror loaded only with
 * Boss Mode, and the preview keeping its scroll position. `QUIRE_SCREENSHOTS=1` writes
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
/** A template with an AI conversation already (one turn), for the chat's screenshots and checks. */
let chatTemplateId: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'quire-react-browser-'));
  shots = process.env.QUIRE_SCREENSHOTS ? new URL('../../docs/', import.meta.url).pathname : join(work, 'shots');
  await mkdir(shots, { recursive: true });
  site = await startTestPage({ outdir: join(work, 'site'), serviceUrl: inject('quireUrl') });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const template = await quire.templates.create({ starter_id: 'invoice', name: 'Invoice' });
  templateId = template.id;
  const chatTemplate = await quire.templates.create({ starter_id: 'invoice', name: 'Invoice' });
  chatTemplateId = chatTemplate.id;
  await quire.templates.messages.create(chatTemplateId, { content: 'Make the title blue' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const WIDE = { width: 1280, height: 820 };
const NARROW = { width: 420, height: 860 };
const PREVIEW = 'iframe[title^="Preview of the report"]';

interface OpenOptions {
  viewport?: { width: number; height: number };
  /** The page installs the PDF preview (fonts and worker from the page's server). */
  pdf?: boolean;
  /** Another template than the one the tests share. */
  template?: string;
}

async function open(
  mode: 'easy' | 'boss',
  theme: 'light' | 'dark',
  options: OpenOptions = {},
): Promise<{ page: Page; requests: string[] }> {
  const page = await browser.newPage({ viewport: options.viewport ?? WIDE });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const query = new URLSearchParams({
    template: options.template ?? templateId,
    mode,
    theme,
    token,
    ...(options.pdf ? { pdf: '1' } : {}),
  });
  await page.goto(`${site.url}/?${query}`);
  await page.waitForFunction(() => window.ready === true);
  await page.waitForFunction((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement | null;
    return frame?.contentDocument?.body?.textContent?.includes('Invoice') ?? false;
  }, PREVIEW);
  if (mode === 'boss') await page.waitForSelector('.cm-editor .cm-content');
  return { page, requests };
}

/** Selects the report's title in Easy Mode by clicking it in the preview, as a person does. */
async function selectTitle(page: Page): Promise<void> {
  await page.frameLocator(PREVIEW).locator('h1').first().click();
  await page.getByLabel('Text', { exact: true }).first().waitFor();
}

/** Opens the AI chat panel and waits for its conversation (the turn made before the tests). */
async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'AI chat' }).click();
  await page.getByRole('log').getByText('What was checked').waitFor();
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
        const { page } = await open(mode, theme, { pdf: true });
        try {
          // Easy Mode as a person uses it: an element picked in the preview, its inspector beside it.
          if (mode === 'easy') await selectTitle(page);
          await page.screenshot({ path: join(shots, `builder-${mode}-${theme}.png`) });
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious violations with the AI chat open beside Easy Mode, ${theme} theme`, async () => {
      const { page } = await open('easy', theme, { template: chatTemplateId });
      try {
        await openChat(page);
        expect(await page.getByRole('log').getByRole('article').count()).toBe(2);
        const chat = await page.locator('.quire-builder-chat').boundingBox();
        const main = await page.locator('.quire-builder-main').boundingBox();
        // Beside the view at this width, not over it.
        expect(chat && main && main.x + main.width <= chat.x + 1).toBe(true);
        await page.screenshot({ path: join(shots, `builder-chat-${theme}.png`) });
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  for (const mode of ['easy', 'boss'] as const) {
    it(`fits a narrow builder (420 px) in ${mode} mode, with nothing wider than the page`, async () => {
      const { page } = await open(mode, 'light', { viewport: NARROW, template: chatTemplateId });
      try {
        if (mode === 'easy') await selectTitle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // The toolbar's controls all show, none cut off by the builder's edge.
        const root = await page.locator('.quire-builder').boundingBox();
        for (const name of ['Undo', 'Redo', 'AI chat', 'Save', 'Publish']) {
          const box = await page.getByRole('button', { name, exact: true }).boundingBox();
          expect(box && root && box.x >= root.x && box.x + box.width <= root.x + root.width).toBe(true);
        }
        await page.screenshot({ path: join(shots, `builder-${mode}-narrow.png`) });
        expect(await seriousViolations(page)).toEqual([]);
        if (mode === 'easy') {
          await openChat(page);
          await page.screenshot({ path: join(shots, 'builder-chat-narrow.png') });
          expect(await seriousViolations(page)).toEqual([]);
        }
      } finally {
        await page.close();
      }
    });
  }

  it('changes the title clicked in the preview, in the source only there, and undoes it', async () => {
    const { page } = await open('easy', 'light');
    try {
      const before = await page.evaluate(() => window.builder?.getDraft().html ?? '');
      const title = /<h1>([^<]*)<\/h1>/.exec(before)?.[1] ?? '';
      expect(title).not.toBe('');
      await selectTitle(page);
      const text = page.getByLabel('Text', { exact: true }).first();
      expect(await text.inputValue()).toBe(title);
      await text.fill('Tax invoice');
      await expect
        .poll(() => page.evaluate(() => window.builder?.getDraft().html))
        .toBe(before.replace(`<h1>${title}</h1>`, '<h1>Tax invoice</h1>'));
      await expect.poll(() => page.frameLocator(PREVIEW).locator('h1').first().textContent()).toBe('Tax invoice');
      await page.getByRole('button', { name: 'Undo' }).click();
      expect(await page.evaluate(() => window.builder?.getDraft().html)).toBe(before);
    } finally {
      await page.close();
    }
  });

  it('shows the PDF beside the HTML preview in Easy Mode, and api.render("pdf") answers its pages', async () => {
    const { page, requests } = await open('easy', 'light', { pdf: true });
    try {
      await page.getByRole('tab', { name: 'PDF' }).click();
      await page.waitForSelector('canvas.quire-pdf-page', { timeout: 90_000 });
      const rendered = await page.evaluate(async () => {
        const output = await window.builder?.render('pdf');
        return output ? { format: output.format, pages: output.pages } : null;
      });
      expect(rendered?.format).toBe('pdf');
      expect(rendered?.pages).toBeGreaterThan(0);
      // The preview shows the same document: one painted page per page of the PDF.
      await expect.poll(() => page.locator('canvas.quire-pdf-page').count()).toBe(rendered?.pages);
      expect(requests).toContain('/fonts/NotoSans_400Regular.ttf');
      // Back to the HTML preview: still there, where it was.
      await page.getByRole('tab', { name: 'HTML' }).click();
      await page.frameLocator(PREVIEW).locator('h1').first().waitFor();
    } finally {
      await page.close();
    }
  }, 120_000);

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
      const frame = page.frameLocator(PREVIEW);
      await frame.locator('body').waitFor();
      const scrollY = () =>
        page.evaluate(() => {
          const el = document.querySelector('iframe[title^="Preview of the report"]') as HTMLIFrameElement;
          return el.contentWindow?.scrollY ?? -1;
        });
      await page.evaluate(() => {
        const el = document.querySelector('iframe[title^="Preview of the report"]') as HTMLIFrameElement;
        el.contentWindow?.scrollTo(0, 300);
      });
      await page.waitForFunction(() => {
        const el = document.querySelector('iframe[title^="Preview of the report"]') as HTMLIFrameElement;
        return (el.contentWindow?.scrollY ?? 0) >= 300;
      });
      await page.evaluate(async () => {
        const draft = window.builder?.getDraft();
        await window.builder?.setDraft({ html: `${draft?.html ?? ''}<p>Scroll marker</p>` }, { merge: true });
      });
      await page.waitForFunction(() => {
        const el = document.querySelector('iframe[title^="Preview of the report"]') as HTMLIFrameElement;
        return el.contentDocument?.body?.textContent?.includes('Scroll marker') ?? false;
      });
      await page.waitForTimeout(100);
      expect(await scrollY()).toBe(300);
    } finally {
      await page.close();
    }
  });
});
