import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TEXT as T, USAGE_METERS } from '../../src/content/subscription';
import type { SitePage } from '../harness/browser';
import { apiAs } from './api';
import { appScreenshot, pageFaults, seriousViolations, serviceUrl, setMode, signedInPage } from './harness';

const meter = (page: Page, limit: string) => page.locator(`.sub-meter[data-limit="${limit}"] .sub-meter-value`);
const plan = (page: Page, id: string) => page.locator(`li[data-plan="${id}"]`);

describe('/subscription', () => {
  const open: SitePage[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('upgrades Free to Professional, whose limits the meters then show; a downgrade too small is explained', async () => {
    const owner = await signedInPage('Plan Changer');
    open.push(owner);
    const { page } = owner;
    const plans = (await (await fetch(`${serviceUrl()}/v1/plans`)).json()) as {
      data: { id: string; name: string; popular: boolean }[];
    };

    await page.goto('/subscription');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    // The four plans of the service, the team's marked, Professional the popular one.
    expect(await page.locator('li[data-plan] h3').allTextContents()).toEqual(plans.data.map((p) => p.name));
    await plan(page, 'free').getByText(T.current).waitFor();
    expect(await plan(page, 'free').getAttribute('aria-current')).toBe('true');
    await plan(page, 'professional').getByText(T.popular).waitFor();
    // This month's usage against Free's limits, one meter per limit.
    const usage = page.getByRole('region', { name: T.usageTitle });
    for (const m of USAGE_METERS) await usage.getByText(m.label, { exact: true }).waitFor();
    expect(await meter(page, 'templates').textContent()).toBe('0 / 2');
    expect(await meter(page, 'members').textContent()).toBe('1 / 1');
    expect(await meter(page, 'reports_per_month').textContent()).toBe('0 / 50');
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'subscription-desktop-light');

    await plan(page, 'professional')
      .getByRole('button', { name: T.choose('Professional') })
      .click();
    const dialog = page.getByRole('dialog', { name: T.confirmTitle('Professional') });
    await dialog.getByText(T.confirmUpgrade).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: T.confirm }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: T.changed('Professional') })
      .first()
      .waitFor();
    await plan(page, 'professional').getByText(T.current).waitFor();
    await page.waitForFunction(
      () => document.querySelector('.sub-meter[data-limit="templates"] .sub-meter-value')?.textContent === '0 / 20',
    );
    expect(await meter(page, 'members').textContent()).toBe('1 / 3');
    expect(await meter(page, 'reports_per_month').textContent()).toBe('0 / 1,000');
    expect(await meter(page, 'api_calls_per_month').textContent()).toBe('0 / 6,000');

    // Three templates: Free (two) cannot hold them, and the screen says so before asking.
    const api = await apiAs(owner);
    for (const name of ['One', 'Two', 'Three']) {
      expect((await api.call('POST', '/v1/templates', { name, html: '<p>{{ x }}</p>' })).status).toBe(201);
    }
    await page.reload();
    await plan(page, 'free')
      .getByRole('button', { name: T.choose('Free') })
      .click();
    const toFree = page.getByRole('dialog', { name: T.confirmTitle('Free') });
    await toFree.getByText(T.blockedItem(3, 'templates', 2)).waitFor();
    expect(await toFree.getByRole('button', { name: T.confirm }).isDisabled()).toBe(true);
    await appScreenshot(page, 'subscription-downgrade-desktop-light');
    await toFree.getByRole('button', { name: T.cancel }).click();

    // A pending invitation holds a seat the meters do not count: the service refuses, and its message is shown.
    expect((await api.call('POST', '/v1/team/invitations', { email: 'pending-seat@example.com' })).status).toBe(201);
    await plan(page, 'starter')
      .getByRole('button', { name: T.choose('Starter') })
      .click();
    const toStarter = page.getByRole('dialog', { name: T.confirmTitle('Starter') });
    await toStarter.getByText(T.confirmDowngrade).waitFor();
    await toStarter.getByRole('button', { name: T.confirm }).click();
    await toStarter
      .getByRole('alert')
      .getByText(
        'Your team has 2 seats in use (members and pending invitations) and the Starter plan allows 1 member: remove 1 before moving to Starter.',
      )
      .waitFor();
    await plan(page, 'professional').getByText(T.current).waitFor();
    expect(pageFaults(owner.problems)).toEqual([]);
  });

  it('on a phone in the dark, in Boss Mode: the plans fit, with the API snippets', async () => {
    const owner = await signedInPage('Phone Planner', { width: 390, theme: 'dark' });
    open.push(owner);
    const { page } = owner;
    await setMode(page, 'boss');
    await page.goto('/subscription');
    await plan(page, 'enterprise').waitFor();
    await page.getByRole('region', { name: 'Change the plan with the API' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'subscription-phone-dark-boss');
  });
});
