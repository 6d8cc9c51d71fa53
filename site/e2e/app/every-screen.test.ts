import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAVIGATION } from '../../src/content/app-navigation';
import { confirmedAccount } from '../account/harness';
import { apiAs, appScreenshot, pageFaults, type SignedIn, seriousViolations, setMode, signedInPage } from './harness';

/**
 * Every screen of the signed-in app, for a team that has a template and a report: in both modes and both themes,
 * on a phone and a desktop. axe on each (no serious or critical violation), no sideways scrolling on the phone, no
 * error in the page; with SITE_SCREENSHOTS=1 a screenshot of each, to look at.
 */
let account: { email: string; password: string };
let templateId: string;
let reportId: string;

beforeAll(async () => {
  account = await confirmedAccount('Every Screen');
  const api = await apiAs(account);
  const template = await api.call<{ id: string; sample_data: unknown }>('POST', '/v1/templates', {
    starter_id: 'invoice',
    name: 'Screens invoice',
  });
  templateId = template.id;
  const report = await api.call<{ id: string }>('POST', '/v1/reports', {
    template_id: template.id,
    data: template.sample_data,
  });
  reportId = report.id;
});

const screens = () => [
  ...APP_NAVIGATION.map((item) => ({ name: item.to.slice(1), path: item.to })),
  { name: 'templates-new', path: '/templates/new' },
  { name: 'templates-easy-new', path: '/templates/easy/new' },
  { name: 'template', path: `/templates/${templateId}` },
  { name: 'template-preview', path: `/templates/${templateId}/preview` },
  { name: 'reports-generate', path: '/reports/generate' },
  { name: 'report', path: `/reports/${reportId}` },
];

const ALL_VIEWS = [
  { mode: 'easy', theme: 'light', width: 1280 },
  { mode: 'boss', theme: 'dark', width: 390 },
  { mode: 'boss', theme: 'dark', width: 1280 },
  { mode: 'easy', theme: 'dark', width: 390 },
  { mode: 'boss', theme: 'light', width: 390 },
  { mode: 'easy', theme: 'light', width: 390 },
  { mode: 'boss', theme: 'light', width: 1280 },
  { mode: 'easy', theme: 'dark', width: 1280 },
] as const;
// Every combination when screenshots are asked for (to look at); in a plain run two that between them cover each
// mode, theme and width, to keep the suite's time down (each screen's own tests check its other states).
const views = process.env.SITE_SCREENSHOTS === '1' ? ALL_VIEWS : ALL_VIEWS.slice(0, 2);

describe('every screen of the signed-in app', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  for (const view of views) {
    it(`holds up in ${view.mode} mode, ${view.theme}, ${view.width} px`, { timeout: 240_000 }, async () => {
      const site = await signedInPage('Every Screen', { width: view.width, theme: view.theme, account });
      open.push(site);
      const { page } = site;
      await setMode(page, view.mode);
      const found: string[] = [];
      for (const screen of screens()) {
        await page.goto(screen.path);
        await page.locator('main h1').first().waitFor();
        // Let lazy parts (charts, previews) settle before judging the page.
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (violations.length > 0) found.push(`${screen.path}: ${JSON.stringify(violations)}`);
        if (view.width < 600) {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > view.width) found.push(`${screen.path}: ${width} px wide`);
        }
        await appScreenshot(page, `${screen.name}-${view.mode}-${view.theme}-${view.width}`);
      }
      expect(found).toEqual([]);
      expect(pageFaults(site.problems)).toEqual([]);
    });
  }
});
