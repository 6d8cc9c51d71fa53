/**
 * Helpers of the signed-in app's browser tests, on the account harness (the real service serving the build, one
 * system Chromium): a person with a confirmed account, signed in through /login as they would, on a phone or a
 * desktop, in a theme; switching Easy/Boss Mode through the sidebar; screenshots under e2e/screenshots/app/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { confirmedAccount, openAccountPage, serviceUrl, type Theme } from '../account/harness';
import type { SitePage } from '../harness/browser';

export { mailTo, onService, pageFaults, seriousViolations, serviceUrl } from '../account/harness';

export const APP_SCREENSHOTS = new URL('../screenshots/app', import.meta.url).pathname;

export interface SignedIn extends SitePage {
  email: string;
  password: string;
}

/** Signs a person in on a page through the login form and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** A new person (a confirmed account of their own, so their own team) signed in on a page of their own. */
export async function signedInPage(
  name: string,
  options: { width?: number; theme?: Theme; account?: { email: string; password: string } } = {},
): Promise<SignedIn> {
  // Only the credentials of a given account: passing another SignedIn must not carry its page along.
  const { email, password } = options.account ?? (await confirmedAccount(name));
  const site = await openAccountPage(options);
  await signIn(site.page, { email, password });
  return { ...site, email, password };
}

/** Turns Boss Mode on or off with the sidebar's switch (saved to the profile) and waits for the toast. */
export async function setMode(page: Page, mode: 'easy' | 'boss'): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Boss Mode' });
  // On a phone the sidebar is behind the Menu button.
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((page.viewportSize()?.width ?? 1280) <= 900 && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
  }
  await toggle.waitFor();
  const on = (await toggle.getAttribute('aria-checked')) === 'true';
  if (on !== (mode === 'boss')) {
    await toggle.click();
    await page
      .getByText(mode === 'boss' ? 'Switched to Boss Mode' : 'Switched to Easy Mode')
      .first()
      .waitFor();
  }
}

/** A full-page screenshot under e2e/screenshots/app/ when SITE_SCREENSHOTS=1 (not committed: they are looked at). */
export async function appScreenshot(page: Page, name: string): Promise<string | null> {
  if (process.env.SITE_SCREENSHOTS !== '1') return null;
  await mkdir(APP_SCREENSHOTS, { recursive: true });
  const path = join(APP_SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The API as a program sees it, for a person: their access token and JSON calls, for their team or another. */
export interface PersonApi {
  token: string;
  /** A call that must succeed (2xx): its JSON. `team` sends `Quire-Team`. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, team?: string): Promise<T>;
  /** The raw answer, for calls a test expects to be refused. */
  fetch(method: string, path: string, body?: unknown, team?: string): Promise<Response>;
}

/** Signs a person in through the JSON token route (as programs do) and answers their API. */
export async function apiAs(account: { email: string; password: string }): Promise<PersonApi> {
  const signIn = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (signIn.status !== 200) throw new Error(`token: ${signIn.status} ${await signIn.text()}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const send = (method: string, path: string, body?: unknown, team?: string) =>
    fetch(`${serviceUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(team ? { 'quire-team': team } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    token,
    fetch: send,
    async call<T>(method: string, path: string, body?: unknown, team?: string): Promise<T> {
      const response = await send(method, path, body, team);
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
