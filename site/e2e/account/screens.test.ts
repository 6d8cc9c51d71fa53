import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  confirmedAccount,
  newEmail,
  openAccountPage,
  pageFaults,
  screenshot,
  seriousViolations,
  serviceUrl,
  type Theme,
} from './harness';

/**
 * Every account screen, in both themes, on a phone (390 px) and a desktop (1280 px): axe-core finds no serious
 * violation, and a screenshot of each is kept in e2e/screenshots/account/ to be looked at.
 */
let plain: { email: string; password: string };
let twoFactor: { email: string; password: string };
beforeAll(async () => {
  plain = await confirmedAccount('Ada Lovelace');
  twoFactor = await confirmedAccount('Alan Turing');
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${serviceUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<Record<string, string> & { totp: { secret: string } }>;
  };
  const session = await post('/v1/auth/token?grant_type=password', twoFactor);
  const factor = await post('/v1/auth/factors', {}, session.access_token);
  const challenge = await post(`/v1/auth/factors/${factor.id}/challenge`, {}, session.access_token);
  const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret) });
  await post(`/v1/auth/factors/${factor.id}/verify`, { challenge_id: challenge.id, code }, session.access_token);
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Each screen: how to get there, and what shows it is ready. */
const SCREENS: { name: string; open(page: Page): Promise<void> }[] = [
  {
    name: 'login',
    async open(page) {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    },
  },
  {
    name: 'login-two-factor',
    async open(page) {
      await signIn(page, twoFactor);
      const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await dialog.getByText('Please enter the verification code').waitFor();
    },
  },
  {
    // A failure toast (the service's message) over the page.
    name: 'login-failed',
    async open(page) {
      await signIn(page, { email: plain.email, password: 'not-the-password' });
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid login credentials' }).waitFor();
    },
  },
  {
    name: 'register',
    async open(page) {
      await page.goto('/register');
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Password must be at least 8 characters long').waitFor();
    },
  },
  {
    name: 'verify-email',
    async open(page) {
      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByText('This confirmation link is invalid, was already used or has expired.').waitFor();
    },
  },
  {
    name: 'forgot-password',
    async open(page) {
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    },
  },
  {
    // A success toast, and the page's own confirmation.
    name: 'forgot-password-sent',
    async open(page) {
      await page.goto('/forgot-password');
      // A new address each time: the service sends one address at most 3 reset mails an hour.
      await page.getByLabel('Email').fill(newEmail('forgetful'));
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Password reset link sent to your email' }).waitFor();
    },
  },
  {
    name: 'reset-password',
    async open(page) {
      await page.goto('/reset-password?token=from-the-mail');
      await page.getByLabel('New password', { exact: true }).fill('Abcdefg1');
      await page.getByText('Password strength: Good').waitFor();
    },
  },
  {
    name: 'contact',
    async open(page) {
      await page.goto('/contact');
      await page.locator('altcha-widget .altcha').waitFor();
    },
  },
  {
    name: 'dashboard',
    async open(page) {
      await signIn(page, plain);
      await page.waitForURL('**/dashboard');
      await page.locator('.app-identity-name', { hasText: 'Ada Lovelace' }).waitFor({ state: 'attached' });
      // The sign-in toast goes, so that the screenshot shows the page.
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
    },
  },
];

describe('the account screens', () => {
  for (const theme of ['light', 'dark'] as Theme[]) {
    for (const width of [390, 1280]) {
      it(`have no serious axe violation, ${theme}, ${width} px`, async () => {
        const site = await openAccountPage({ width, theme });
        try {
          const found: Record<string, unknown> = {};
          for (const screen of SCREENS) {
            await site.context.clearCookies();
            await screen.open(site.page);
            const violations = await seriousViolations(site.page);
            if (violations.length > 0) found[screen.name] = violations;
            await screenshot(site.page, `${screen.name}-${theme}-${width}`);
          }
          expect(found).toEqual({});
          expect(pageFaults(site.problems)).toEqual([]);
        } finally {
          await site.context.close();
        }
      });
    }
  }
});
