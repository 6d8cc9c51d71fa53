import { afterAll, describe, expect, it } from 'vitest';
import { CHECKLIST, DASHBOARD_TEXT, QUICK_ACTIONS, USAGE_METERS } from '../../src/content/dashboard';
import {
  apiAs,
  appScreenshot,
  pageFaults,
  type SignedIn,
  seriousViolations,
  serviceUrl,
  setMode,
  signedInPage,
} from './harness';

describe('/dashboard', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('starts a new team at nothing done, and ticks every step as the team really does them', async () => {
    const site = await signedInPage('Dana Scully');
    open.push(site);
    const { page } = site;
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title, level: 1 }).waitFor();
    await page.getByText('Welcome back, Dana.').waitFor();
    // The meters: every plan limit, the Free plan's.
    for (const meter of USAGE_METERS) await page.getByRole('meter', { name: meter.label }).waitFor();
    expect(await page.getByRole('meter', { name: 'Templates' }).getAttribute('max')).toBe('2');
    await page.getByText('0 of 4 done').waitFor();
    for (const step of Object.values(CHECKLIST)) await page.getByRole('link', { name: step }).waitFor();
    await page.getByText(DASHBOARD_TEXT.recentEmpty).waitFor();
    // Easy Mode's way to a template, and no code.
    await page.getByRole('link', { name: QUICK_ACTIONS.describeTemplate }).waitFor();
    expect(await page.locator('[data-snippet]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'dashboard-new-desktop-light');

    // The team makes a template, an API key, and with the key a report (so an API call).
    const person = await apiAs(site);
    const key = await person.call<{ secret: string }>('POST', '/v1/api-keys', {
      name: 'dashboard test',
      role: 'editor',
    });
    // With the key, as a program: these count as the team's API calls.
    const asProgram = async <T>(path: string, body: unknown) => {
      const response = await fetch(`${serviceUrl()}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const template = await asProgram<{ id: string; sample_data: unknown }>('/v1/templates', {
      starter_id: 'invoice',
      name: 'Studio invoice',
    });
    await asProgram('/v1/reports', { template_id: template.id, data: template.sample_data });

    await page.reload();
    await page.getByText(DASHBOARD_TEXT.checklistDone).waitFor();
    await page.getByRole('link', { name: /Studio invoice · v1/ }).waitFor();
    expect(await page.getByRole('meter', { name: 'Templates' }).getAttribute('value')).toBe('1');
    const apiCalls = Number(await page.getByRole('meter', { name: 'API calls' }).getAttribute('value'));
    expect(apiCalls).toBeGreaterThanOrEqual(2);
    // The chart's figures, as its table reads: today, one succeeded.
    const today = page.locator('.dash-chart tbody tr').last();
    expect(await today.locator('td').first().textContent()).toBe('1');

    // Boss Mode: the quick action opens the code editor's way in, and the API snippets appear.
    await setMode(page, 'boss');
    await page.getByRole('link', { name: QUICK_ACTIONS.newTemplate }).waitFor();
    const curl = await page.locator('[data-snippet="curl"]').first().textContent();
    expect(curl).toContain(`${serviceUrl()}/v1/usage`);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'dashboard-boss-desktop-light');
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('fits a phone in the dark theme', async () => {
    const site = await signedInPage('Fox Mulder', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.getByText('0 of 4 done').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'dashboard-new-phone-dark');
  });
});
