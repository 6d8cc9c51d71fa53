import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_SEED_MESSAGES as SEED, SETTINGS_TEXT as T } from '../../src/content/settings';
import { appScreenshot, pageFaults, type SignedIn, seriousViolations, setMode, signedInPage } from './harness';

const NEW_PASSWORD = 'Quire-Settings-2027#';

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe('Settings', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('changes the name and the password, enrols TOTP, signs in with it after signing out everywhere, and removes it', async () => {
    const site = await signedInPage('Settings Person');
    open.push(site);
    const { page } = site;
    await page.goto('/settings');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    expect(await page.getByLabel(T.profile.emailLabel).inputValue()).toBe(site.email);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'settings-desktop-light-easy');

    // The name: the sidebar says it at once.
    await page.getByLabel(T.profile.nameLabel).fill('Ada Settings');
    await page.getByRole('button', { name: T.profile.save }).click();
    await toast(page, T.profile.saved);
    await page.locator('#app-sidebar').getByText('Ada Settings').waitFor();

    // The password: the seed's minimum, the strength meter, then the change.
    await page.getByLabel(T.password.currentLabel).fill(site.password);
    await page.getByLabel(T.password.newLabel, { exact: true }).fill('short');
    await page.getByRole('button', { name: T.password.save }).click();
    await page.getByText(SEED.passwordTooShort).waitFor();
    await page.getByLabel(T.password.newLabel, { exact: true }).fill(NEW_PASSWORD);
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('100');
    await page.getByLabel(T.password.confirmLabel).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: T.password.save }).click();
    await toast(page, T.password.saved);

    // Two-factor: the QR code, the key by hand, and the app's code to confirm.
    await page.getByText(T.twoFactor.off).waitFor();
    await page.getByRole('button', { name: T.twoFactor.enrol }).click();
    const qr = page.getByRole('img', { name: T.twoFactor.qrAlt });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = Secret.fromBase32(await page.getByLabel(T.twoFactor.manual).inputValue());
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'settings-totp-enrol-desktop-light-easy');
    await page.getByRole('button', { name: T.twoFactor.verify }).click();
    await page.getByText(SEED.codeRequired).waitFor();
    const wrong = String((Number(TOTP.generate({ secret })) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel(T.twoFactor.codeLabel).fill(wrong);
    await page.getByRole('button', { name: T.twoFactor.verify }).click();
    await page.getByText(SEED.totpFailed).first().waitFor();
    await page.getByLabel(T.twoFactor.codeLabel).fill(TOTP.generate({ secret }));
    await page.getByRole('button', { name: T.twoFactor.verify }).click();
    await toast(page, SEED.totpSucceeded);
    await page.getByText(T.twoFactor.on).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Signing out everywhere, then in with the new password and the app's next code.
    await page.getByRole('button', { name: T.sessions.signOutEverywhere }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(site.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    // The code of the next period (the service accepts one step of drift): the one used to enrol cannot be reused.
    await dialog.getByLabel('Verification code').fill(TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // Removing it: asked to confirm; the sign-in just made is recent enough for the service.
    await page.goto('/settings');
    await page.getByRole('button', { name: T.twoFactor.remove }).click();
    await page
      .getByRole('dialog', { name: T.twoFactor.removeTitle })
      .getByRole('button', { name: T.twoFactor.removeConfirm })
      .click();
    await toast(page, T.twoFactor.removed);
    await page.getByText(T.twoFactor.off).waitFor();
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('sets the theme and the mode from the page, on a phone in the dark', async () => {
    const site = await signedInPage('Phone Settings', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.goto('/settings');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'settings-phone-dark-easy');

    // Light, from the page; the sidebar's Boss Mode, from the page's own choice.
    await page.getByRole('radio', { name: T.preferences.light }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.getByRole('radio', { name: new RegExp(`^${T.preferences.boss}`) }).click();
    await toast(page, SEED.switchedToBoss);
    await page.getByRole('region', { name: 'List your two-factor methods with the API' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'settings-phone-light-boss');
    await setMode(page, 'easy');
    expect(await page.getByRole('radio', { name: new RegExp(`^${T.preferences.easy}`) }).isChecked()).toBe(true);
  });
});
