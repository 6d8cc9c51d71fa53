/**
 * Every public page, in both themes: axe-core finds no serious or critical violation; and with
 * SITE_SCREENSHOTS=1, a full-page screenshot of each at 390 px and 1280 px wide in both themes, in
 * e2e/screenshots/ (to look at: they are not compared with anything).
 */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_SECTION } from '../src/content/landing';
import { NOT_FOUND } from '../src/content/not-found';
import { openSitePage, type SitePage } from './harness/browser';
import { PUBLIC_ROUTES } from './public-routes';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENSHOTS = process.env.SITE_SCREENSHOTS === '1' ? join(import.meta.dirname, 'screenshots') : null;
const PAGES = [
  ...PUBLIC_ROUTES.map((route) => ({ path: route.path, heading: route.heading })),
  { path: '/no-such-page', heading: NOT_FOUND.heading },
];
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 390] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function ready(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  if (path === '/home' || path === '/developer') {
    await page.locator(`#${PRICING_SECTION.id} .site-plan`).first().waitFor();
    await page.locator('.site-preview img').evaluate((img: HTMLImageElement) => img.decode());
  }
  if (path === '/templates/new') await page.locator('iframe.quire-preview-frame').waitFor({ timeout: 20_000 });
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Elements that reach past the window's right edge (outside scrolling boxes of their own). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.getBoundingClientRect().right <= width + 1) continue;
      const scrolls = (node: Element | null): boolean =>
        node !== null &&
        node !== document.body &&
        (/(auto|scroll|hidden)/.test(getComputedStyle(node).overflowX) || scrolls(node.parentElement));
      if (!scrolls(element.parentElement)) found.push(`${element.tagName.toLowerCase()}.${element.className}`);
    }
    return found.slice(0, 10);
  });
}

const sites: Partial<Record<`${(typeof THEMES)[number]}-${(typeof WIDTHS)[number]}`, SitePage>> = {};
beforeAll(async () => {
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  for (const site of Object.values(sites)) await site?.context.close();
});

/** One page per theme and width, reused for every route; axe's script needs the page policy bypassed. */
async function pageFor(theme: (typeof THEMES)[number], width: (typeof WIDTHS)[number]): Promise<Page> {
  const key = `${theme}-${width}` as const;
  sites[key] ??= await openSitePage({ width, height: width === 390 ? 844 : 800, colorScheme: theme, bypassCSP: true });
  return sites[key].page;
}

describe('accessibility of every public page', () => {
  for (const { path, heading } of PAGES) {
    it(`${path}: no serious axe violations in either theme${SCREENSHOTS ? ', screenshots taken' : ''}`, async () => {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          // axe at phone width once (light); screenshots of all four when asked for.
          const check = width === 1280 || theme === 'light';
          if (!check && !SCREENSHOTS) continue;
          const page = await pageFor(theme, width);
          await ready(page, path, heading);
          if (check) expect(await seriousViolations(page), `${path} ${theme} ${width}px`).toEqual([]);
          // Responsive: nothing wider than the window (no sideways scrolling on a phone).
          expect(await overflowing(page), `${path} ${width}px`).toEqual([]);
          if (SCREENSHOTS) {
            const name = `${path === '/' ? 'root' : path.slice(1).replace(/\//g, '_')}-${width}-${theme}.png`;
            await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: true });
          }
        }
      }
    });
  }
});
