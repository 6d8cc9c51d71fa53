import { afterAll, describe, expect, it } from 'vitest';
import { APP_NAVIGATION, MODE_MESSAGES } from '../../src/content/app-navigation';
import { appScreenshot, pageFaults, type SignedIn, seriousViolations, setMode, signedInPage } from './harness';

describe('the signed-in app’s frame', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('shows the sidebar: who is signed in, the nine sections, theme, the mode switch and Logout', async () => {
    const site = await signedInPage('Grace Hopper');
    open.push(site);
    const { page } = site;
    const sidebar = page.locator('#app-sidebar');
    await sidebar.getByText('Grace Hopper').waitFor();
    await sidebar.getByText(site.email).waitFor();
    await sidebar.getByText('beta').waitFor();
    const links = sidebar.getByRole('navigation', { name: 'App' }).getByRole('link');
    expect(await links.allTextContents()).toEqual(APP_NAVIGATION.map((item) => item.label));
    expect(await sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('switch', { name: 'Boss Mode' }).getAttribute('aria-checked')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'shell-desktop-light');
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('saves Boss Mode to the profile (the seed’s toasts), so it survives a reload, and switches back', async () => {
    const site = await signedInPage('Mode Switcher');
    open.push(site);
    const { page } = site;
    await setMode(page, 'boss');
    await page.reload();
    await page.locator('[role="switch"][aria-checked="true"]').waitFor();
    await setMode(page, 'easy');
    await page.getByText(MODE_MESSAGES.switchedToEasy).first().waitFor();
    await page.reload();
    await page.locator('[role="switch"][aria-checked="false"]').waitFor();
  });

  it('on a phone puts the sidebar behind Menu, and Logout signs out', async () => {
    const site = await signedInPage('Phone Person', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.getByRole('link', { name: 'Templates' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Templates' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'shell-phone-dark');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
  });
});
