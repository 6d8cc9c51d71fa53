import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TEXT } from '../../src/content/subscription';
import { ACCEPT_TEXT, INVITE_TEXT, TEAM_MESSAGES, TEAM_TEXT } from '../../src/content/team';
import { confirmedAccount, newEmail, openAccountPage } from '../account/harness';
import type { SitePage } from '../harness/browser';
import { apiAs } from './api';
import {
  appScreenshot,
  mailTo,
  onService,
  pageFaults,
  seriousViolations,
  setMode,
  signedInPage,
  signIn,
} from './harness';

/** The team page's texts and messages in the seed (sections 2, 4, 5, 6 and 8), word for word. */
const SEED_TEXTS: [string, string, string][] = [
  ['search with no result', TEAM_TEXT.noMatch, 'No members found matching your search'],
  ['status of a member', TEAM_TEXT.active, 'Active'],
  ['status of an invitation', TEAM_TEXT.pending, 'Pending'],
  ['menu: admin', TEAM_TEXT.makeRole('Admin'), 'Make Admin'],
  ['menu: remove', TEAM_TEXT.remove, 'Remove'],
  ['invite: no email', TEAM_MESSAGES.emailRequired, 'Email is required'],
  ['invite: not an email', TEAM_MESSAGES.invalidEmail, 'Please enter a valid email address'],
  ['invite: sent', TEAM_MESSAGES.invitationSent('ada@example.com'), 'Invitation sent to ada@example.com'],
  ['removing oneself', TEAM_MESSAGES.cannotRemoveSelf, 'You cannot remove yourself'],
  ['changing one’s own role', TEAM_MESSAGES.cannotChangeOwnRole, 'You cannot change your own role'],
  ['confirming a removal', TEAM_MESSAGES.confirmRemove, 'Are you sure you want to remove this member?'],
  ['removed', TEAM_MESSAGES.memberRemoved, 'Team member removed'],
  ['role changed', TEAM_MESSAGES.roleUpdated, 'Role updated successfully'],
];

/** The invitation roles and their descriptions (seed section 6), as the invite dialog offers them. */
const SEED_ROLES: [string, string][] = [
  ['Admin', 'Full access to all features and settings'],
  ['Editor', 'Create and edit templates and reports'],
  ['Member', 'Create reports using existing templates'],
  ['Viewer', 'View reports only'],
];

describe('the team page’s texts', () => {
  it.each(SEED_TEXTS)('%s: %s', (_what, ours, seed) => {
    expect(ours).toBe(seed);
  });
});

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const row = (page: Page, email: string) => page.locator(`tr[data-email="${email}"]`);

describe('/team', () => {
  const open: SitePage[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('invites a member who accepts through the mail, sees only what a member may, then is re-roled and removed', async () => {
    const owner = await signedInPage('Owner Olivia');
    open.push(owner);
    const { page } = owner;
    const ownerApi = await apiAs(owner);

    // On Free the one seat is the owner's: inviting is not offered, and the page says why.
    await page.goto('/team');
    await page.getByRole('heading', { name: TEAM_TEXT.title, level: 1 }).waitFor();
    await page.getByText(TEAM_TEXT.seats(1, 1)).first().waitFor();
    const invite = page.getByRole('button', { name: TEAM_TEXT.invite });
    expect(await invite.isDisabled()).toBe(true);
    await page.getByText(TEAM_TEXT.seatsFull('Free', 1)).waitFor();
    // The owner's own row: "Active", no menu to demote or remove.
    const own = row(page, owner.email);
    await own.getByText(TEAM_TEXT.active).waitFor();
    await own.getByText(TEAM_TEXT.you).waitFor();
    expect(await own.getByRole('button').count()).toBe(0);

    expect((await ownerApi.call('POST', '/v1/subscription', { plan: 'professional' })).status).toBe(200);
    await page.reload();
    await page.getByText(TEAM_TEXT.seats(1, 3)).first().waitFor();
    await invite.click();
    const dialog = page.getByRole('dialog', { name: INVITE_TEXT.title });
    await dialog.waitFor();
    // The seed's roles with their descriptions; Member unless chosen otherwise.
    for (const [label, description] of SEED_ROLES) {
      await dialog.getByText(label, { exact: true }).waitFor();
      await dialog.getByText(description).waitFor();
    }
    expect(await dialog.getByRole('radio', { name: /^Member/ }).isChecked()).toBe(true);
    const send = dialog.getByRole('button', { name: INVITE_TEXT.send });
    await send.click();
    await dialog.getByText(TEAM_MESSAGES.emailRequired).waitFor();
    const email = dialog.getByLabel(INVITE_TEXT.email);
    await email.fill('not-an-address');
    await send.click();
    await dialog.getByText(TEAM_MESSAGES.invalidEmail).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'team-invite-desktop-light');

    const invitee = await confirmedAccount('Invited Ivan');
    await email.fill(invitee.email);
    await send.click();
    await toast(page, TEAM_MESSAGES.invitationSent(invitee.email));
    await dialog.waitFor({ state: 'hidden' });
    await row(page, invitee.email).getByText(TEAM_TEXT.pending).waitFor();
    await page.getByText(TEAM_TEXT.seats(2, 3)).first().waitFor();

    // The invitee opens the mailed link on a phone, in the dark theme, signed out: sign in first, then accept.
    const mail = await mailTo('invitation', invitee.email);
    const other = await openAccountPage({ width: 390, theme: 'dark' });
    open.push(other);
    const them = other.page;
    // A page of the app: the service answers it with 200 (it is in routes.json).
    expect((await them.goto(onService(mail.links.accept)))?.status()).toBe(200);
    await them.getByRole('heading', { name: ACCEPT_TEXT.title }).waitFor();
    expect(await seriousViolations(them)).toEqual([]);
    await appScreenshot(them, 'invitation-signed-out-phone-dark');
    await them.getByRole('link', { name: ACCEPT_TEXT.signIn }).click();
    await them.waitForURL(/\/login\?redirect=/);
    await them.getByLabel('Email').fill(invitee.email);
    await them.getByLabel('Password', { exact: true }).fill(invitee.password);
    await them.getByRole('button', { name: 'Sign in' }).click();
    await them.waitForURL(/\/invitations\/accept\?token=/);
    await them.getByText(ACCEPT_TEXT.signedInAs(invitee.email)).waitFor();
    await them.getByRole('button', { name: ACCEPT_TEXT.accept }).click();
    await them.waitForURL('**/team');
    await toast(them, 'You joined');
    // The app now acts for the owner's team, where they are a Member: no Invite, no menus, no audit log.
    await row(them, owner.email).waitFor();
    await row(them, invitee.email).getByText('Member', { exact: true }).waitFor();
    expect(await them.getByRole('button', { name: TEAM_TEXT.invite }).count()).toBe(0);
    expect(await them.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    expect(await them.getByRole('heading', { name: TEAM_TEXT.audit }).count()).toBe(0);
    expect(await them.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(them)).toEqual([]);
    await appScreenshot(them, 'team-member-phone-dark');
    // Nor may they change the plan.
    await them.goto('/subscription');
    await them.getByText(SUBSCRIPTION_TEXT.noBilling).waitFor();
    expect(await them.getByRole('button', { name: /^Switch to/ }).count()).toBe(0);
    // A used link says so.
    await them.goto(onService(mail.links.accept));
    await them.getByRole('button', { name: ACCEPT_TEXT.accept }).click();
    await them.getByRole('alert').getByText('This invitation is not valid or was already used.').waitFor();

    // The owner sees them joined, changes their role through the menu, then removes them.
    await page.reload();
    const theirs = row(page, invitee.email);
    await theirs.getByText(TEAM_TEXT.active).waitFor();
    await page.getByRole('button', { name: TEAM_TEXT.menuLabel(invitee.email) }).click();
    await page.getByRole('menuitem', { name: TEAM_TEXT.makeRole('Admin') }).click();
    await toast(page, TEAM_MESSAGES.roleUpdated);
    await theirs.getByText('Admin', { exact: true }).waitFor();

    // Now an admin, they may invite and manage others, but not change or remove themselves, nor touch the owner.
    await them.goto('/team');
    await them.getByRole('button', { name: TEAM_TEXT.invite }).waitFor();
    expect(await row(them, owner.email).getByRole('button').count()).toBe(0);
    await them.getByRole('button', { name: TEAM_TEXT.menuLabel(invitee.email) }).click();
    await them.getByRole('menuitem', { name: TEAM_TEXT.makeRole('Viewer') }).click();
    await toast(them, TEAM_MESSAGES.cannotChangeOwnRole);
    await them.getByRole('button', { name: TEAM_TEXT.menuLabel(invitee.email) }).click();
    await them.getByRole('menuitem', { name: TEAM_TEXT.remove }).click();
    await toast(them, TEAM_MESSAGES.cannotRemoveSelf);
    await row(them, invitee.email).getByText('Admin', { exact: true }).waitFor();

    await page.getByRole('button', { name: TEAM_TEXT.menuLabel(invitee.email) }).click();
    await page.getByRole('menuitem', { name: TEAM_TEXT.makeRole('Editor') }).click();
    await toast(page, TEAM_MESSAGES.roleUpdated);
    await theirs.getByText('Editor', { exact: true }).waitFor();
    await page.getByRole('button', { name: TEAM_TEXT.menuLabel(invitee.email) }).click();
    await page.getByRole('menu').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: TEAM_TEXT.remove }).click();
    const confirm = page.getByRole('dialog', { name: TEAM_TEXT.remove });
    await confirm.getByText(TEAM_MESSAGES.confirmRemove).waitFor();
    await confirm.getByRole('button', { name: TEAM_TEXT.remove }).click();
    await toast(page, TEAM_MESSAGES.memberRemoved);
    await theirs.waitFor({ state: 'detached' });

    // Search, and the audit log of what happened.
    const search = page.getByLabel(TEAM_TEXT.search);
    await search.fill('nobody-by-this-name');
    await page.getByText(TEAM_TEXT.noMatch).waitFor();
    // By name (the profile's, from the service) as well as by email or role.
    await search.fill('olivia');
    await row(page, owner.email).getByText('Owner Olivia').waitFor();
    const audit = page.getByRole('region', { name: TEAM_TEXT.audit });
    for (const action of ['Removed a member', 'Changed a role', 'A former member', 'Invited a member']) {
      await audit.getByText(action, { exact: true }).first().waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'team-owner-desktop-light');
    expect(pageFaults(owner.problems)).toEqual([]);
    expect(pageFaults(other.problems)).toEqual([]);
  });

  it('pages through the audit log, and sends a visitor with a link but no token nowhere', async () => {
    const owner = await signedInPage('Busy Admin', { theme: 'dark' });
    open.push(owner);
    const { page } = owner;
    await setMode(page, 'boss');
    const api = await apiAs(owner);
    await api.call('POST', '/v1/subscription', { plan: 'enterprise' });
    // Twelve entries: more than one page of ten.
    for (let i = 0; i < 11; i++) {
      const sent = await api.call('POST', '/v1/team/invitations', { email: newEmail(`guest ${i}`) });
      expect(sent.status).toBe(201);
    }
    await page.goto('/team');
    const audit = page.getByRole('region', { name: TEAM_TEXT.audit });
    await audit.getByRole('row').nth(10).waitFor();
    expect(await audit.getByRole('row').count()).toBe(11);
    await audit.getByRole('button', { name: TEAM_TEXT.older }).click();
    await audit.getByText('Changed the plan').waitFor();
    expect(await audit.getByRole('row').count()).toBe(3);
    await audit.getByRole('button', { name: TEAM_TEXT.newer }).click();
    await audit.getByRole('row').nth(10).waitFor();
    // A pending invitation is resent (a fresh link) and revoked.
    const first = page.locator('tr[data-email^="guest-0-"]');
    await first.getByRole('button', { name: /^Resend/ }).click();
    await toast(page, 'Invitation sent to guest-0-');
    await first.getByRole('button', { name: /^Revoke/ }).click();
    await toast(page, TEAM_MESSAGES.invitationRevoked);
    await first.waitFor({ state: 'detached' });
    // Boss Mode: the API snippet of inviting, and the audit log's action names.
    await page.getByRole('region', { name: 'Invite with the API' }).waitFor();
    await audit.locator('code', { hasText: 'member.invited' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'team-owner-desktop-dark-boss');
    await page.getByRole('button', { name: TEAM_TEXT.invite }).click();
    await page.getByRole('dialog', { name: INVITE_TEXT.title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'team-invite-desktop-dark-boss');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: INVITE_TEXT.title }).waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'team-owner-phone-dark-boss');

    const visitor = await openAccountPage();
    open.push(visitor);
    await visitor.page.goto('/invitations/accept');
    await visitor.page.getByText(ACCEPT_TEXT.noToken).waitFor();
    expect(await seriousViolations(visitor.page)).toEqual([]);
    // Signed in as someone else than the invited address: the service's message.
    const stranger = await confirmedAccount('Stranger Sam');
    await api.call('POST', '/v1/team/invitations', { email: 'someone-else@example.com' });
    const mail = await mailTo('invitation', 'someone-else@example.com');
    await signIn(visitor.page, stranger);
    await visitor.page.goto(onService(mail.links.accept));
    await visitor.page.getByRole('button', { name: ACCEPT_TEXT.accept }).click();
    await visitor.page.getByText('This invitation was sent to another email address.').waitFor();
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await appScreenshot(visitor.page, 'invitation-refused-desktop-light');
  });
});
