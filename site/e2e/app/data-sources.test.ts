import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SOURCE_KINDS, DATA_SOURCES_TEXT as T } from '../../src/content/data-sources';
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

const CSV = 'id,name,postcode,joined\n1,Ada Lovelace,0042,2026-01-05\n2,Grace Hopper,10115,2026-02-11\n';

/** The service's answers for a signed-in person (their own team unless another is named). */
async function apiAs(account: { email: string; password: string }) {
  const response = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return async (path: string, init: { method?: string; body?: unknown; team?: string } = {}) => {
    const answer = await fetch(`${serviceUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.team ? { 'quire-team': init.team } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('data sources', () => {
  const open: SignedIn[] = [];
  let server: Server;
  let origin = '';
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // An API on loopback that wants its key: the service is allowed to reach 127.0.0.1 in these tests.
    server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.headers['x-api-key'] !== 'first-s3cret' && req.headers['x-api-key'] !== 'second-s3cret') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"no key"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            items: [
              { sku: 'A-1', qty: 3 },
              { sku: 'B-2', qty: 5 },
            ],
          },
        }),
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
    await new Promise((done) => server.close(done));
  });

  it('uploads a CSV file through the form, previews its rows and inferred schema, and tests it', async () => {
    const site = await signedInPage('Csv Owner');
    open.push(site);
    const { page } = site;
    await page.goto('/data-sources');
    await page.getByText(T.empty).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: T.add }).click();
    await page.waitForURL('**/data-sources/new');
    // CSV is the first kind, chosen already.
    expect(await page.getByRole('radio', { name: DATA_SOURCE_KINDS.csv.label, exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('Customers');
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect.poll(() => page.getByLabel('Contents').inputValue()).toBe(CSV);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-new-desktop-light');
    await page.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/data-sources\/ds_/);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();

    await page.getByRole('button', { name: T.preview }).click();
    const rows = page.getByTestId('ds-preview-rows');
    await rows.waitFor();
    expect(await rows.locator('tbody tr').count()).toBe(2);
    // Values stay the strings they were: the leading zero of a postcode survives.
    await rows.getByRole('cell', { name: '0042' }).waitFor();
    await page.getByText(T.rowsShown(2, 2)).waitFor();
    const schema = page.getByTestId('ds-preview-schema');
    await schema.getByText('rows[].postcode').waitFor();
    await schema.getByRole('row', { name: /rows\[\]\.joined string \(date\)/ }).waitFor();

    await page.getByRole('button', { name: T.test }).click();
    await page.getByTestId('ds-test-result').getByText(T.testOk).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-csv-desktop-light');

    // Boss Mode: the JSON, the snippets and the request id of each call.
    await setMode(page, 'boss');
    await page.getByRole('button', { name: T.test }).click();
    await page
      .getByTestId('ds-test-result')
      .getByText(/^req_site_/)
      .waitFor();
    await page.getByRole('region', { name: 'Test this connection with the API' }).waitFor();
    const curl = await page.locator('[data-snippet="curl"]').first().textContent();
    expect(curl).toContain(`/v1/data-sources/${page.url().split('/').pop()}/test`);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-csv-desktop-light-boss');

    // …and the settings as JSON, edited and saved as they are.
    await page.getByRole('button', { name: T.editJson }).click();
    const json = page.getByLabel(T.jsonLabel);
    await json.fill((await json.inputValue()).replace('"name": "Customers"', '"name": "Customers 2026"'));
    await page.getByRole('button', { name: T.saveJson }).click();
    await page.getByRole('heading', { name: 'Customers 2026', level: 1 }).waitFor();

    await page.getByRole('link', { name: T.back }).click();
    const row = page.getByRole('row', { name: /Customers 2026/ });
    await row.getByText(DATA_SOURCE_KINDS.csv.label).waitFor();
    await row.getByText(`CSV, ${Buffer.byteLength(CSV)} B`).waitFor();
    // The service keeps the last test's outcome.
    await row.getByText(T.lastTestOk).waitFor();
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('keeps an HTTP source’s header secret: never shown again, replaced only when a new value is typed', async () => {
    const site = await signedInPage('Http Owner', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.goto('/data-sources/new');
    await page.getByRole('radio', { name: DATA_SOURCE_KINDS.http.label, exact: true }).check();
    await page.getByLabel('Name', { exact: true }).fill('Orders API');
    await page.getByLabel('URL', { exact: true }).fill(`${origin}/orders`);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header name 1').fill('X-Api-Key');
    await page.getByLabel('Header value 1').fill('first-s3cret');
    await page.getByLabel('Where the data is in the answer').fill('$.data.items');
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/data-sources\/ds_/);

    await page.getByRole('button', { name: T.test }).click();
    await page.getByTestId('ds-test-result').getByText(T.testOk).waitFor();
    expect(seen.at(-1)?.['x-api-key']).toBe('first-s3cret');
    await page.getByRole('button', { name: T.preview }).click();
    await page.getByTestId('ds-preview-rows').getByRole('cell', { name: 'B-2' }).waitFor();

    // The value is nowhere on the page, nor in what the page was given; the field says it is set.
    await page.reload();
    const value = page.getByLabel('Header value 1');
    await value.waitFor();
    expect(await value.inputValue()).toBe('');
    await page.getByText(T.secretSet).waitFor();
    expect(await page.content()).not.toContain('first-s3cret');
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-http-phone-dark');

    // Saving other changes keeps the secret…
    await page.getByLabel('Description').fill('Open orders');
    await page.getByRole('button', { name: T.save }).click();
    await page.getByText(T.saved).first().waitFor();
    await page.getByRole('button', { name: T.test }).click();
    await page.getByTestId('ds-test-result').getByText(T.testOk).waitFor();
    expect(seen.at(-1)?.['x-api-key']).toBe('first-s3cret');

    // …a wrong one is the test's answer, with the service's message and code…
    await page.getByLabel('Header value 1').fill('wrong');
    await page.getByRole('button', { name: T.save }).click();
    await page.getByText(T.saved).first().waitFor();
    await page.getByRole('button', { name: T.test }).click();
    const failed = page.getByTestId('ds-test-result');
    await failed.getByText(T.testFailed).waitFor();
    await failed.getByText('data_source_error').waitFor();
    expect(await failed.textContent()).toContain('401');
    await page.getByTestId('ds-last-test').getByText(T.lastTestFailed).waitFor();
    await page.getByTestId('ds-last-test').getByText('data_source_error').waitFor();

    // …and a new value replaces it.
    await page.getByLabel('Header value 1').fill('second-s3cret');
    await page.getByRole('button', { name: T.save }).click();
    await page.getByText(T.saved).first().waitFor();
    await page.getByRole('button', { name: T.test }).click();
    await page.getByTestId('ds-test-result').getByText(T.testOk).waitFor();
    expect(seen.at(-1)?.['x-api-key']).toBe('second-s3cret');
    expect(await page.content()).not.toContain('second-s3cret');

    // Delete, after confirming.
    await page.getByRole('button', { name: T.remove }).click();
    const dialog = page.getByRole('dialog', { name: T.removeTitle('Orders API') });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: T.removeConfirm }).click();
    await page.waitForURL(/\/data-sources$/);
    await page.getByText(T.empty).waitFor();
  });

  it('reads the machine’s PostgreSQL (as the service’s own data source tests do)', async () => {
    const site = await signedInPage('Pg Owner', { theme: 'dark' });
    open.push(site);
    const { page } = site;
    await setMode(page, 'boss');
    await page.goto('/data-sources/new');
    await page.getByRole('radio', { name: DATA_SOURCE_KINDS.postgres.label, exact: true }).check();
    await page.getByLabel('Name', { exact: true }).fill('Warehouse');
    await page.getByLabel('Connection string').fill('postgres://postgres@127.0.0.1:5432/test');
    await page
      .getByLabel('Query', { exact: true })
      .fill("SELECT n AS id, 'item ' || n AS label FROM generate_series(1, $1::int) AS n");
    await page.getByLabel('Parameters').fill('count');
    await page.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/data-sources\/ds_/);
    await page.getByText(/Connected to postgres@127\.0\.0\.1:5432\/test/).waitFor();
    expect(await page.content()).not.toContain('postgres://postgres@');

    await page.getByLabel('count', { exact: true }).fill('3');
    await page.getByRole('button', { name: T.test }).click();
    const result = page.getByTestId('ds-test-result');
    await result.waitFor();
    // Not skipped when the server is missing: the service's PostgreSQL tests fail then too.
    expect(await result.textContent()).toContain(T.testOk);
    await page.getByRole('button', { name: T.preview }).click();
    await page.getByTestId('ds-preview-rows').getByRole('cell', { name: 'item 3' }).waitFor();
    await page.getByTestId('ds-preview-schema').getByText('rows[].label').waitFor();
    // Boss Mode: the source as the API shows it (the connection without its password) and its snippets.
    await page
      .getByRole('region', { name: 'The data source as the API shows it' })
      .getByText('"user": "postgres"')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-postgres-desktop-dark-boss');
    await page.getByRole('link', { name: T.back }).click();
    await page
      .getByRole('row', { name: /Warehouse/ })
      .getByText(T.lastTestOk)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'data-sources-list-desktop-dark-boss');
  });

  it('offers a member no edit controls and no rows, and a viewer nothing', async () => {
    const owner = await confirmedAccount('Team Owner');
    const asOwner = await apiAs(owner);
    const team = (await asOwner('/v1/team')).id as string;
    // Free has one seat: the owner's. Professional has three (the self-hosted billing applies it at once).
    await asOwner('/v1/subscription', { method: 'POST', team, body: { plan: 'professional' } });
    await asOwner('/v1/data-sources', {
      method: 'POST',
      team,
      body: { type: 'static', name: 'Shared CSV', format: 'csv', content: CSV },
    });
    const join = async (name: string, role: 'member' | 'viewer') => {
      const person = await confirmedAccount(name);
      await asOwner('/v1/team/invitations', { method: 'POST', team, body: { email: person.email, role } });
      const token = new URL((await mailTo('invitation', person.email)).links.accept ?? '').searchParams.get('token');
      await (await apiAs(person))('/v1/invitations/accept', { method: 'POST', body: { token } });
      const site = await signedInPage(name, { account: person });
      open.push(site);
      await site.page.evaluate((id) => window.localStorage.setItem('quire-team', id), team);
      return site.page;
    };

    const member = await join('Mia Member', 'member');
    await member.goto('/data-sources');
    await member.getByRole('link', { name: 'Shared CSV' }).click();
    await member.getByRole('heading', { name: 'Shared CSV', level: 1 }).waitFor();
    await member.getByText(T.readOnlyNote).waitFor();
    await member.getByText(T.noRowsAccess).waitFor();
    expect(await member.getByRole('button', { name: T.remove }).count()).toBe(0);
    expect(await member.getByRole('button', { name: T.save }).count()).toBe(0);
    expect(await member.getByRole('button', { name: T.preview }).count()).toBe(0);
    expect(await member.getByRole('textbox').count()).toBe(0);
    await member.getByRole('button', { name: T.test }).click();
    await member.getByTestId('ds-test-result').getByText(T.testOk).waitFor();
    expect(await seriousViolations(member)).toEqual([]);
    await appScreenshot(member, 'data-sources-member-desktop-light');
    await member.goto('/data-sources');
    await member.getByRole('link', { name: 'Shared CSV' }).waitFor();
    expect(await member.getByRole('link', { name: T.add }).count()).toBe(0);

    const viewer = await join('Vic Viewer', 'viewer');
    await viewer.goto('/data-sources');
    await viewer.getByText(T.noAccess).waitFor();
    expect(await viewer.getByRole('link', { name: 'Shared CSV' }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: T.add }).count()).toBe(0);
  });
});
