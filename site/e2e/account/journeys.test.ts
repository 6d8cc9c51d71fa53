import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  confirmedAccount,
  mailTo,
  newEmail,
  onService,
  openAccountPage,
  PASSWORD,
  pageFaults,
  serviceUrl,
} from './harness';

/** A toast with this text (sonner's). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
/** The text under a form field (its mistake). */
const fieldError = (page: Page, text: string) => page.locator('.account-error').filter({ hasText: text });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A journey in a fresh browser profile; it fails on any script error, CSP violation or unexpected console error. */
async function withContext<T>(run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const site = await openAccountPage();
  try {
    const result = await run(site.page, site.context);
    expect(pageFaults(site.problems)).toEqual([]);
    return result;
  } finally {
    await site.context.close();
  }
}

describe('signing up', () => {
  it('register → confirm through the outbox → sign in → /dashboard, the session surviving a reload', async () => {
    await withContext(async (page, context) => {
      const email = newEmail('ada');
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();

      // The seed's validation: every field required, the password at least 8 characters.
      await page.getByRole('button', { name: 'Create account' }).click();
      await fieldError(page, 'Full name is required').waitFor();
      await fieldError(page, 'Email is required').waitFor();
      await fieldError(page, 'Password is required').waitFor();
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await fieldError(page, 'Password must be at least 8 characters long').waitFor();
      expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await toast(page, 'Registration successful! Please check your email to verify your account.').waitFor();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();

      // Signing in before confirming: the service's message.
      await page.goto('/login');
      await signIn(page, email, PASSWORD);
      await toast(page, 'Email not confirmed').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');

      // The mailed link, opened in the browser: the service sends it to the site's landing page, which confirms.
      const link = onService((await mailTo('verify_email', email)).links.verify);
      await page.goto(link);
      await page.getByText('Email address confirmed.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/verify-email');
      await page.locator('.account-done').getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL('**/login');

      // A wrong password: the service's message, and the page stays.
      await signIn(page, email, 'not-the-password');
      await toast(page, 'Invalid login credentials').waitFor();

      await signIn(page, email, PASSWORD);
      await page.waitForURL('**/dashboard');
      await toast(page, 'Logged in successfully').waitFor();
      await page.locator('.app-identity-name', { hasText: 'Ada Lovelace' }).waitFor({ state: 'attached' });
      await page.getByText(email).waitFor();

      // The refresh token is in an httpOnly, SameSite=Strict cookie for the auth routes only; scripts cannot see it.
      const [cookie] = (await context.cookies()).filter((c) => c.name === 'quire_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/auth', secure: false });
      expect(await page.evaluate(() => document.cookie)).not.toContain('quire_refresh');
      expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(cookie?.value ?? '-');

      // A reload: the session is restored from the cookie.
      await page.reload();
      await page.locator('.app-identity-name', { hasText: 'Ada Lovelace' }).waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname).toBe('/dashboard');

      await page.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logged out successfully').waitFor();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      expect((await context.cookies()).filter((c) => c.name === 'quire_refresh')).toEqual([]);
      // Signed out: the dashboard sends to sign in again.
      await page.goto('/dashboard');
      await page.waitForURL('**/login?redirect=%2Fdashboard');
    });
  });
});

describe('the guard', () => {
  it('sends a visitor from a protected page to sign in, and back there after', async () => {
    const account = await confirmedAccount('guarded');
    await withContext(async (page) => {
      await page.goto('/dashboard?from=mail#top');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard?from=mail#top');
      await signIn(page, account.email, account.password);
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '?from=mail');
      await page.locator('.app-identity-name', { hasText: 'guarded' }).waitFor({ state: 'attached' });
      // Signed in: /login goes on to where the redirect says, here the dashboard.
      await page.goto('/login');
      await page.waitForURL('**/dashboard');
    });
  });

  it('accepts only paths of this site as the redirect', async () => {
    const account = await confirmedAccount('redirected');
    await withContext(async (page) => {
      await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example/steal')}`);
      await signIn(page, account.email, account.password);
      await page.waitForURL((url) => url.origin === serviceUrl() && url.pathname === '/dashboard');
    });
  });
});

describe('two-factor sign-in', () => {
  it('asks for the 6-digit code of a verified factor, refuses a wrong one, and signs in with the right one', async () => {
    const account = await confirmedAccount('totp');
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${serviceUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return response.json() as Promise<Record<string, string> & { totp: { secret: string } }>;
    };
    const session = await post('/v1/auth/token?grant_type=password', account);
    const factor = await post('/v1/auth/factors', {}, session.access_token);
    const secret = Secret.fromBase32(factor.totp.secret);
    const challenge = await post(`/v1/auth/factors/${factor.id}/challenge`, {}, session.access_token);
    await post(
      `/v1/auth/factors/${factor.id}/verify`,
      { challenge_id: challenge.id, code: TOTP.generate({ secret }) },
      session.access_token,
    );

    await withContext(async (page) => {
      await page.goto('/login');
      await signIn(page, account.email, account.password);
      const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
      await dialog.waitFor();
      const code = dialog.getByLabel('Verification code');
      // The dialog focuses the one field it asks for.
      expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await fieldError(page, 'Please enter the verification code').waitFor();
      // Digits only, six at most.
      await code.pressSequentially('12ab34 5678');
      expect(await code.inputValue()).toBe('123456');
      const right = TOTP.generate({ secret, timestamp: Date.now() + 30_000 });
      const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      await code.fill(wrong);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'Failed to verify the code. Please try again.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await code.fill(right);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'Two-factor authentication verified successfully').waitFor();
      await page.waitForURL('**/dashboard');
      await page.getByText(account.email).waitFor();
    });
  });
});

describe('forgot and reset password', () => {
  it('mails a link, sets a new password with the strength meter, and goes to sign in after 2 s', async () => {
    const account = await confirmedAccount('forgetful');
    await withContext(async (page) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await fieldError(page, 'Email is required').waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await toast(page, 'Password reset link sent to your email').waitFor();

      const link = onService((await mailTo('reset_password', account.email)).links.reset);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      const meter = page.getByRole('meter', { name: 'Password strength' });
      const password = page.getByLabel('New password', { exact: true });
      const expectMeter = async (typed: string, label: string, score: number, colour: string) => {
        await password.fill(typed);
        expect(await meter.getAttribute('aria-valuetext')).toBe(`${label} (${score} of 100)`);
        const bar = meter.locator('.account-strength-bar');
        expect(await bar.getAttribute('data-colour')).toBe(colour);
        expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          {
            red: 'rgb(239, 68, 68)',
            orange: 'rgb(249, 115, 22)',
            yellow: 'rgb(234, 179, 8)',
            green: 'rgb(34, 197, 94)',
          }[colour],
        );
        await page
          .locator('.account-strength-label')
          .filter({ hasText: `Password strength: ${label}` })
          .waitFor();
      };
      await expectMeter('abc', 'Weak', 0, 'red');
      await expectMeter('abcdefgh', 'Weak', 25, 'red');
      await expectMeter('Abcdefgh', 'Fair', 50, 'orange');
      await expectMeter('Abcdefg1', 'Good', 75, 'yellow');
      await expectMeter('New-Passw0rd!', 'Strong', 100, 'green');
      await page.getByLabel('Confirm new password').fill('New-Passw0rd?');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await fieldError(page, 'Passwords do not match').waitFor();
      await page.getByLabel('Confirm new password').fill('New-Passw0rd!');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await toast(page, 'Password reset successfully!').waitFor();
      const shownAt = Date.now();
      await page.waitForURL('**/login', { timeout: 10_000 });
      // The seed's 2 seconds (less the time the toast took to be seen).
      expect(Date.now() - shownAt).toBeGreaterThan(1_500);

      // The link works once: the second time is the seed's expired-link message.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd!');
      await page.getByLabel('Confirm new password').fill('Another-Passw0rd!');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await toast(page, 'Password reset link has expired. Please request a new one.').waitFor();

      await page.goto('/login');
      await signIn(page, account.email, 'New-Passw0rd!');
      await page.waitForURL('**/dashboard');
    });
  });
});

describe('the contact form', () => {
  it('stays unsendable until the ALTCHA widget is solved in the browser, then sends the message', async () => {
    await withContext(async (page) => {
      const email = newEmail('writer');
      await page.goto('/contact');
      await page.getByRole('heading', { name: 'Contact us' }).waitFor();
      const send = page.getByRole('button', { name: 'Send message' });
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Message').fill('Can Quire render 10,000 invoices a night?');
      expect(await send.isDisabled()).toBe(true);

      // The widget is the altcha package's, from our own build: its challenge and worker come from this origin.
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      // By keyboard, as anyone may: the checkbox takes the focus and Space ticks it.
      await page.locator('altcha-widget').getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => !(document.querySelector('button[type=submit]') as HTMLButtonElement | null)?.disabled,
      );
      expect(requests.filter((url) => !url.startsWith(serviceUrl()))).toEqual([]);
      expect(requests.some((url) => url.endsWith('/v1/contact/challenge'))).toBe(true);

      // A required field left empty: said under it, nothing sent.
      await page.getByLabel('Name').fill('');
      await send.click();
      await fieldError(page, 'Name is required').waitFor();
      await page.getByLabel('Name').fill('Grace Hopper');
      await send.click();
      await toast(page, 'Message sent!').waitFor();
      expect((await mailTo('contact_copy', email)).subject).toBeTruthy();
      // The form is empty again, and a new message needs a new proof of work.
      expect(await page.getByLabel('Message').inputValue()).toBe('');
      expect(await send.isDisabled()).toBe(true);
    });
  });
});

describe('an account under attack', () => {
  it('asks for a proof of work after failed attempts from elsewhere; solved in the browser, the owner signs in', async () => {
    const account = await confirmedAccount('besieged');
    // Five wrong passwords from five other addresses (the service trusts the proxy on loopback, as in production
    // behind one): the account now wants a proof of work with every attempt, from anyone.
    for (let i = 1; i <= 5; i++) {
      const answer = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ email: account.email, password: `guess-${i}` }),
      });
      expect(answer.status).toBe(400);
    }
    await withContext(async (page) => {
      await page.goto('/login');
      await signIn(page, account.email, account.password);
      await toast(page, 'CAPTCHA Required: Please complete the CAPTCHA verification.').waitFor();
      const signInButton = page.getByRole('button', { name: 'Sign in' });
      expect(await signInButton.isDisabled()).toBe(true);
      // The widget solves the challenge the service sent with its answer.
      await page.locator('altcha-widget').getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => !(document.querySelector('button[type=submit]') as HTMLButtonElement | null)?.disabled,
      );
      await signInButton.click();
      await page.waitForURL('**/dashboard');
    });
  });
});

describe('several tabs', () => {
  it('share the session: both restore it at once, and signing out in one signs the other out', async () => {
    const account = await confirmedAccount('tabbed');
    await withContext(async (first, context) => {
      await first.goto('/login');
      await signIn(first, account.email, account.password);
      await first.waitForURL('**/dashboard');
      const second = await context.newPage();
      await second.goto('/dashboard');
      await second.getByText(account.email).waitFor();
      // Both reload at the same moment: two refreshes with the one cookie, and neither ends the session.
      await Promise.all([first.reload(), second.reload()]);
      await first.getByText(account.email).waitFor();
      await second.getByText(account.email).waitFor();
      await context.newPage().then(async (third) => {
        await third.goto('/dashboard');
        await third.getByText(account.email).waitFor();
        await third.close();
      });

      await first.getByRole('button', { name: 'Logout' }).click();
      await first.waitForURL((url) => url.pathname === '/login' && url.search === '');
      // The other tab hears of it and asks to sign in again, to come back where it was.
      await second.waitForURL('**/login?redirect=%2Fdashboard');
      // And stays there.
      await second.getByRole('heading', { name: 'Sign in' }).waitFor();
      await second.waitForTimeout(500);
      expect(new URL(second.url()).search).toBe('?redirect=%2Fdashboard');
    });
  });
});
