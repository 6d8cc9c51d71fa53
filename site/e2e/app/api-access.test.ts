import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS_TEXT as T } from '../../src/content/api-access';
import { confirmedAccount } from '../account/harness';
import {
  appScreenshot,
  mailTo,
  pageFaults,
  type SignedIn,
  seriousViolations,
  serviceUrl,
  setMode,
  signedInPage,
} from './harness';

const run = promisify(execFile);

/** Runs a curl snippet as copied from the page, with the key in QUIRE_API_KEY; answers the status and the body. */
async function curl(snippet: string, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  // The snippet as shown, plus curl's own report of the status on a last line.
  const { stdout } = await run('bash', ['-c', `${snippet} -w '\\n%{http_code}'`], {
    env: { ...process.env, QUIRE_API_KEY: key },
  });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) };
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine, answering 200 to everything and keeping what it got. */
async function receiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/quire-hooks`, received, server };
}

/** Whether a webhook request's Quire-Signature was made with the secret (the service README's recipe). */
function signedWith(request: Received, secret: string): boolean {
  const header = String(request.headers['quire-signature'] ?? '');
  const t = /t=(\d+)/.exec(header)?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  return header.split(',').some((part) => part.trim() === `v1=${expected}`);
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** A call of the API as a person (their access token), answering the status and the JSON body. */
async function api(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  team?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${serviceUrl()}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(team ? { 'quire-team': team } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A person's access token, through the JSON token route. */
async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const answer = await api(null, 'POST', '/v1/auth/token?grant_type=password', account);
  return answer.body.access_token as string;
}

describe('API Access', () => {
  const open: SignedIn[] = [];
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hooks = await receiver();
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
    await new Promise((done) => hooks.server.close(done));
  });

  it('creates an API key in Boss Mode, whose curl snippet works until the key is revoked', async () => {
    const site = await signedInPage('Key Maker');
    open.push(site);
    const { page } = site;
    await setMode(page, 'boss');
    await page.goto('/api-access');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    await page.getByText(T.keys.empty).waitFor();

    await page.getByRole('button', { name: T.keys.create }).click();
    const form = page.getByRole('dialog', { name: T.keys.createTitle });
    await form.getByRole('button', { name: T.keys.createSubmit }).click();
    await form.getByText(T.keys.nameRequired).waitFor();
    await form.getByLabel(T.keys.nameLabel).fill('CI runner');
    await form.getByLabel(T.keys.roleLabel).selectOption('editor');
    await form.getByRole('button', { name: T.keys.createSubmit }).click();

    const shown = page.getByRole('dialog', { name: T.keys.secretTitle });
    await shown.getByText(T.keys.secretWarning).waitFor();
    const secret = await shown.getByLabel(T.keys.secretLabel).inputValue();
    expect(secret).toMatch(/^qk_live_[0-9A-Za-z]{43}$/);
    const snippet = (await shown
      .getByRole('region', { name: T.keys.tryIt })
      .locator('code[data-snippet="curl"]')
      .textContent()) as string;
    expect(snippet).toContain(`${serviceUrl()}/v1/templates`);
    expect(snippet).toContain('$QUIRE_API_KEY');
    expect(snippet).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-access-new-key-desktop-light-boss');

    const answer = await curl(snippet, secret);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'list', data: [] });

    await shown.getByRole('button', { name: T.keys.done }).first().click();
    // Shown once: the list names its prefix only, and a reload shows when the curl used it.
    await page.reload();
    const row = page.getByRole('row', { name: /CI runner/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`qk_live_${secret.slice(8, 20)}…`);
    expect(await page.content()).not.toContain(secret);
    expect(await row.getByRole('cell').nth(3).textContent()).not.toBe(T.keys.never);

    await row.getByRole('button', { name: `${T.keys.revoke} CI runner` }).click();
    await page
      .getByRole('dialog', { name: T.keys.revokeTitle })
      .getByRole('button', { name: T.keys.revokeConfirm })
      .click();
    await toast(page, T.keys.revoked);
    await page.getByText(T.keys.empty).waitFor();
    const refused = await curl(snippet, secret);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('adds a webhook endpoint, delivers a test event to it, resends it, rotates its secret, and deletes it', async () => {
    const site = await signedInPage('Hook Keeper');
    open.push(site);
    const { page } = site;
    await page.goto('/api-access');
    await page.getByText(T.webhooks.empty).waitFor();

    await page.getByRole('button', { name: T.webhooks.create }).click();
    const form = page.getByRole('dialog', { name: T.webhooks.createTitle });
    await form.getByLabel(T.webhooks.urlLabel).fill(hooks.url);
    await form.getByLabel(T.webhooks.descriptionLabel).fill('The test receiver');
    await form.getByRole('button', { name: T.webhooks.add }).click();
    const shown = page.getByRole('dialog', { name: T.webhooks.secretTitle });
    const secret = await shown.getByLabel(T.webhooks.secretLabel).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: T.keys.done }).first().click();

    const endpoint = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hooks.url }) });
    await endpoint.getByText('Report completed · Report failed').waitFor();
    await endpoint.getByRole('button', { name: T.webhooks.sendTest }).click();
    await toast(page, T.webhooks.testSent);
    await until(() => hooks.received.length === 1, 'the test event');
    const first = hooks.received[0] as Received;
    expect(first.headers['quire-event-type']).toBe('webhook.test');
    expect(signedWith(first, secret)).toBe(true);
    const delivery = endpoint.locator('tr[data-delivery-id]');
    await endpoint.locator('tr[data-state="succeeded"]').waitFor();
    expect(await delivery.getByRole('cell').nth(1).textContent()).toBe('200');
    expect(await delivery.getByRole('cell').nth(2).textContent()).toMatch(/^\d+ ms$/);
    expect(await delivery.getByRole('cell').nth(3).textContent()).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-access-webhooks-desktop-light-easy');

    await delivery.getByRole('button', { name: T.webhooks.resend }).click();
    await toast(page, T.webhooks.resent);
    await until(() => hooks.received.length === 2, 'the resent event');
    expect(JSON.parse((hooks.received[1] as Received).body).id).toBe(JSON.parse(first.body).id);
    await endpoint.locator('td[data-attempts="2"]').waitFor();

    await endpoint.getByRole('button', { name: T.webhooks.edit }).click();
    const edit = page.getByRole('dialog', { name: T.webhooks.editTitle });
    await edit.getByLabel('Report completed').uncheck();
    await edit.getByRole('button', { name: T.webhooks.save }).click();
    await toast(page, T.webhooks.saved);
    await endpoint.locator('.aa-events', { hasText: /^Report failed$/ }).waitFor();

    await endpoint.getByRole('button', { name: T.webhooks.rotate }).click();
    const rotate = page.getByRole('dialog', { name: T.webhooks.rotateTitle });
    await rotate.getByLabel(T.webhooks.rotateNow).check();
    await rotate.getByRole('button', { name: T.webhooks.rotateConfirm }).click();
    const rotated = await page
      .getByRole('dialog', { name: T.webhooks.secretTitle })
      .getByLabel(T.webhooks.secretLabel)
      .inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page
      .getByRole('dialog', { name: T.webhooks.secretTitle })
      .getByRole('button', { name: T.keys.done })
      .first()
      .click();
    await endpoint.getByRole('button', { name: T.webhooks.sendTest }).click();
    await until(() => hooks.received.length === 3, 'a test event after the rotation');
    const third = hooks.received[2] as Received;
    expect(signedWith(third, rotated)).toBe(true);
    expect(signedWith(third, secret)).toBe(false);

    await endpoint.getByRole('button', { name: T.webhooks.delete }).click();
    await page
      .getByRole('dialog', { name: T.webhooks.deleteTitle })
      .getByRole('button', { name: T.webhooks.deleteConfirm })
      .click();
    await toast(page, T.webhooks.deleted);
    await page.getByText(T.webhooks.empty).waitFor();
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('gives MCP configurations for this service, says the Free plan has no MCP, and fits a phone in the dark', async () => {
    const site = await signedInPage('Agent Builder', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.goto('/api-access');
    await page.getByText(T.mcp.notIncluded.replace('{plan}', 'Free')).waitFor();
    for (const [host, label] of [
      ['claude', T.mcp.claude],
      ['cursor', T.mcp.cursor],
      ['vscode', T.mcp.vscode],
    ] as const) {
      await page.getByRole('tab', { name: label }).click();
      const config = JSON.parse((await page.locator(`[data-mcp-config="${host}"]`).textContent()) as string);
      const server = host === 'vscode' ? config.servers.quire : config.mcpServers.quire;
      expect(server).toMatchObject({ command: 'npx', args: ['-y', '@quire/mcp'] });
      expect(server.env.QUIRE_BASE_URL).toBe(serviceUrl());
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-access-phone-dark-easy');
    await setMode(page, 'boss');
    await page.getByRole('region', { name: 'List API keys with the API' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-access-phone-dark-boss');
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('offers a viewer no key or webhook controls, and says that the team’s Professional plan includes MCP', async () => {
    // An owner on Professional (room for members) invites a viewer, who accepts through the outbox.
    const owner = await tokenOf(await confirmedAccount('Plan Owner'));
    expect((await api(owner, 'POST', '/v1/subscription', { plan: 'professional' })).status).toBe(200);
    const team = (await api(owner, 'GET', '/v1/team')).body as { id: string };
    const viewer = await confirmedAccount('Just Looking');
    expect((await api(owner, 'POST', '/v1/team/invitations', { email: viewer.email, role: 'viewer' })).status).toBe(
      201,
    );
    const token = new URL((await mailTo('invitation', viewer.email)).links.accept ?? '').searchParams.get('token');
    const viewerToken = await tokenOf(viewer);
    expect((await api(viewerToken, 'POST', '/v1/invitations/accept', { token })).status).toBe(200);

    const site = await signedInPage('Just Looking', { account: viewer });
    open.push(site);
    const { page } = site;
    await page.evaluate((id) => window.localStorage.setItem('quire-team', id), team.id);
    await page.goto('/api-access');
    await page.getByText(T.mcp.included.replace('{plan}', 'Professional')).waitFor();
    await page.getByText(T.keys.noPermission).waitFor();
    await page.getByText(T.webhooks.noPermission).waitFor();
    expect(await page.getByRole('button', { name: T.keys.create }).count()).toBe(0);
    expect(await page.getByRole('button', { name: T.webhooks.create }).count()).toBe(0);
    // And the service refuses what the page does not offer.
    const refused = await api(viewerToken, 'POST', '/v1/api-keys', { name: 'sneaky', role: 'admin' }, team.id);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    expect(pageFaults(site.problems)).toEqual([]);
  });
});
