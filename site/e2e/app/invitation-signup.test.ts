/**
 * Someone invited who has no account yet: from the mailed link they create one, confirm it from the outbox, sign in
 * and come back to the invitation to accept it, without opening the mail's link a second time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ACCEPT_TEXT } from '../../src/content/team';
import { confirmedAccount, newEmail, openAccountPage, PASSWORD } from '../account/harness';
import type { SitePage } from '../harness/browser';
import { apiAs, mailTo, onService, pageFaults } from './harness';

describe('an invitation to someone new to Quire', () => {
  const open: SitePage[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('signs them up, and signing in after confirming brings them back to accept it', { timeout: 120_000 }, async () => {
    const owner = await confirmedAccount('Inviting Owner');
    const api = await apiAs(owner);
    await api.call('POST', '/v1/subscription', { plan: 'professional' });
    const email = newEmail('New Invitee');
    await api.call('POST', '/v1/team/invitations', { email, role: 'viewer' });
    const invitation = onService((await mailTo('invitation', email)).links.accept);

    const site = await openAccountPage();
    open.push(site);
    const { page } = site;
    await page.goto(invitation);
    await page.getByRole('link', { name: ACCEPT_TEXT.register }).click();
    await page.waitForURL('**/register?**');
    await page.getByLabel('Full name').fill('New Invitee');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto(onService((await mailTo('verify_email', email)).links.verify));
    await page.getByText('Email address confirmed.').waitFor();
    await page.locator('.account-done').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login?**');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/invitations/accept');
    await page.getByRole('button', { name: ACCEPT_TEXT.accept }).click();
    await page.waitForURL('**/team');
    // In the owner's team now, as a viewer: no Invite.
    await page.getByText('Inviting Owner').first().waitFor();
    expect(await page.getByRole('button', { name: 'Invite Member' }).count()).toBe(0);
    expect(pageFaults(site.problems)).toEqual([]);
  });
});
