import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATE, REPORT_PAGE, REPORTS_LIST } from '../../src/content/reports';
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

/** The API as a person's session: the JSON token route, then their personal team (as the app's client does). */
async function apiAs(account: { email: string; password: string }) {
  const signIn = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (signIn.status !== 200) throw new Error(`token: ${signIn.status} ${await signIn.text()}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const call = async <T>(method: string, path: string, body?: unknown, team?: string): Promise<T> => {
    const response = await fetch(`${serviceUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(team ? { 'quire-team': team } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const teams = await call<{ data: { id: string; personal: boolean }[] }>('GET', '/v1/teams');
  const team = teams.data.find((t) => t.personal)?.id ?? '';
  return {
    team,
    token,
    call: <T>(method: string, path: string, body?: unknown, onTeam = team) => call<T>(method, path, body, onTeam),
  };
}

const INVOICE = {
  name: 'Customer invoice',
  html: '<h1>Invoice {{ number }}</h1><p>Billed to {{ customer }}</p><p>Total {{ total }}</p>',
  sample_data: { number: 'INV-1042', customer: 'Ada Lovelace', total: '120.00' },
};
const LEDGER = {
  name: 'Ledger from CSV',
  html: '<h1>Ledger</h1>{% for row in rows %}<p>{{ row.client }} owes {{ row.amount }}</p>{% endfor %}<p>{{ row_count }} rows</p>',
  sample_data: { rows: [{ client: 'Sample client', amount: '1' }], row_count: 1 },
};

/** The text of a PDF, with poppler's pdftotext. */
async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-report-'));
  const file = join(dir, 'report.pdf');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

/** Clicks something that downloads a file and answers its bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const dir = await mkdtemp(join(tmpdir(), 'quire-download-'));
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

describe('reports', () => {
  const open: SignedIn[] = [];
  let owner: SignedIn;
  let api: Awaited<ReturnType<typeof apiAs>>;
  let invoiceId: string;
  let ledgerId: string;

  beforeAll(async () => {
    owner = await signedInPage('Report Owner');
    open.push(owner);
    api = await apiAs(owner);
    invoiceId = (await api.call<{ id: string }>('POST', '/v1/templates', INVOICE)).id;
    ledgerId = (await api.call<{ id: string }>('POST', '/v1/templates', LEDGER)).id;
    // Room for the templates of these tests (Free has two) and a second member (the self-hosted billing applies a
    // change of plan at once).
    await api.call('POST', '/v1/subscription', { plan: 'professional' });
    await api.call('POST', '/v1/data-sources', {
      type: 'static',
      name: 'Overdue accounts',
      format: 'csv',
      content: 'client,amount\nZephyr Widgets,4200\nQuokka Logistics,315\n',
    });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('shows an empty list at first, then generates a PDF from the form, shows it and downloads it', async () => {
    const { page } = owner;
    await page.goto('/reports');
    await page.getByRole('heading', { name: REPORTS_LIST.emptyTitle }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-empty-desktop-light');

    await page.getByRole('link', { name: REPORTS_LIST.generate }).first().click();
    await page.waitForURL('**/reports/generate');
    await page.getByRole('heading', { name: GENERATE.title, level: 1 }).waitFor();
    await page.getByLabel(GENERATE.template).selectOption(invoiceId);
    // The form drawn from the template's data, filled with its sample data; a value changed in it is printed.
    const customer = page.getByRole('textbox', { name: /customer/i });
    await customer.waitFor();
    expect(await customer.inputValue()).toBe('Ada Lovelace');
    await customer.fill('Grace Hopper');
    // Easy Mode offers no JSON and no API snippet.
    expect(await page.getByRole('radio', { name: GENERATE.dataJson }).count()).toBe(0);
    expect(await page.getByRole('region', { name: GENERATE.snippetTitle }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: GENERATE.submit }).click();

    // The PDF at once, in the browser.
    const result = page.getByRole('region', { name: GENERATE.result });
    await result.locator('canvas').first().waitFor({ timeout: 20_000 });
    await appScreenshot(page, 'reports-generate-desktop-light');
    const file = await downloaded(page, () => result.getByRole('link', { name: 'Download' }).click());
    expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = await pdfText(file.bytes);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('INV-1042');

    // Its page: the PDF, the details (a person made it), download, generate again prefilled.
    await result.getByRole('link', { name: GENERATE.openReport }).click();
    await page.waitForURL(/\/reports\/rep_/);
    await page.getByRole('heading', { name: REPORT_PAGE.details }).waitFor();
    const details = page.getByRole('region', { name: REPORT_PAGE.details });
    await details.getByText('Customer invoice, version 1').waitFor();
    await details.getByText(`Person: ${owner.email}`).waitFor();
    await details.getByText('Succeeded').waitFor();
    await page.getByText(REPORT_PAGE.noWarnings).waitFor();
    // The data used, as lines a person reads.
    const used = page.getByRole('region', { name: REPORT_PAGE.data });
    await used.getByRole('definition').filter({ hasText: 'Grace Hopper' }).waitFor();
    await used.getByRole('definition').filter({ hasText: 'INV-1042' }).waitFor();
    await page.getByText(REPORT_PAGE.noDeliveries).waitFor();
    await page.getByRole('region', { name: REPORT_PAGE.report }).locator('canvas').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-page-desktop-light');
    const again = await downloaded(page, () => page.getByRole('button', { name: REPORT_PAGE.download }).click());
    expect(again.bytes.equals(file.bytes)).toBe(true);
    await page.getByRole('link', { name: REPORT_PAGE.generateAgain }).click();
    await page.waitForURL(/\/reports\/generate\?/);
    expect(new URL(page.url()).searchParams.get('template')).toBe(invoiceId);
    expect(await page.getByLabel(GENERATE.template).inputValue()).toBe(invoiceId);
    expect(await page.getByLabel(GENERATE.version).inputValue()).toBe('1');
    // … with the report's data, not the template's sample.
    await page.getByText('Filled in from report customer-invoice.pdf.').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((input) => input.value === 'Grace Hopper'),
    );
    expect(pageFaults(owner.problems)).toEqual([]);
  });

  it('renders a report from a CSV data source as a job, with its progress, and Boss Mode shows the call', async () => {
    const { page } = owner;
    await setMode(page, 'boss');
    await page.goto('/reports/generate');
    await page.getByLabel(GENERATE.template).selectOption(ledgerId);
    await page.getByRole('radio', { name: GENERATE.dataSource }).check();
    await page.getByLabel(GENERATE.dataSourcePick, { exact: true }).selectOption({ label: 'Overdue accounts (CSV)' });
    await page.getByText(GENERATE.noParameters).waitFor();
    await page.getByRole('radio', { name: GENERATE.job }).check();
    // The exact call, as curl: the data source and its (empty) parameters, async.
    const snippet = page.getByRole('region', { name: GENERATE.snippetTitle });
    const curl = await snippet.locator('[data-snippet="curl"]').textContent();
    expect(curl).toContain('"data_source":{"id":"ds_');
    expect(curl).toContain('"async":true');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: GENERATE.submit }).click();

    const result = page.getByRole('region', { name: GENERATE.result });
    await result.getByRole('progressbar', { name: GENERATE.progress }).waitFor();
    await result.locator('[data-job-status="succeeded"]').waitFor({ timeout: 20_000 });
    expect(await result.locator('[data-job-status]').textContent()).toBe(GENERATE.job_succeeded);
    await result.locator('canvas').first().waitFor({ timeout: 20_000 });
    await appScreenshot(page, 'reports-generate-job-desktop-light-boss');
    const file = await downloaded(page, () => result.getByRole('link', { name: 'Download' }).click());
    const text = await pdfText(file.bytes);
    expect(text).toContain('Zephyr Widgets owes 4200');
    expect(text).toContain('Quokka Logistics owes 315');
    expect(text).toContain('2 rows');

    // HTML, now: the page in a sandboxed frame, and Boss Mode's request id.
    await page.getByRole('radio', { name: GENERATE.formats.html }).check();
    await page.getByRole('radio', { name: GENERATE.now }).check();
    expect(await snippet.locator('[data-snippet="curl"]').textContent()).toContain("-H 'Accept: text/html'");
    await page.getByRole('button', { name: GENERATE.submit }).click();
    const frame = result.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('Zephyr Widgets owes 4200');
    await result.getByText(/^Request id: req_/).waitFor();

    // The report page names the data source; the sync call for a PDF writes the file with curl.
    await result.getByRole('link', { name: GENERATE.openReport }).click();
    await page.getByText('Loaded from the data source Overdue accounts when the report rendered.').waitFor();
    await page.getByText(REPORT_PAGE.noParametersUsed).waitFor();
    await page.getByRole('heading', { name: REPORT_PAGE.json }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-page-desktop-light-boss');
    await page.getByRole('region', { name: REPORT_PAGE.snippetTitle }).waitFor();
    await setMode(page, 'easy');
  });

  it('lists the reports with their template, status, source and duration, filtered through the URL', async () => {
    const { page } = owner;
    // A failed report too (the CSV's data does not match what the template asks for), through the API, so the
    // status filter has something to tell apart.
    const strict = await api.call<{ id: string }>('POST', '/v1/templates', {
      name: 'Strict ledger',
      html: '<p>{{ account }}</p>',
      sample_data: { account: 'A-1' },
      data_schema: { type: 'object', required: ['account'], properties: { account: { type: 'string' } } },
      validate_data: true,
    });
    const sources = await api.call<{ data: { id: string }[] }>('GET', '/v1/data-sources');
    await fetch(`${serviceUrl()}/v1/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'quire-team': api.team, 'content-type': 'application/json' },
      body: JSON.stringify({
        template_id: strict.id,
        data_source: { id: sources.data[0]?.id, params: {} },
        format: 'html',
      }),
    });
    await page.goto('/reports');
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await table.getByText('Customer invoice').first().waitFor();
    await table.getByText('Ledger from CSV').first().waitFor();
    await table.getByText(owner.email).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-list-desktop-light');

    await page.getByLabel(REPORTS_LIST.template).selectOption(ledgerId);
    await page.waitForURL((url) => url.searchParams.get('template') === ledgerId);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr')].every((row) => row.textContent?.includes('Ledger from CSV')),
    );
    await page.getByLabel(REPORTS_LIST.status).selectOption('failed');
    await page.getByRole('heading', { name: REPORTS_LIST.emptyFilteredTitle }).waitFor();
    // The filters survive a reload: they are the URL.
    await page.reload();
    expect(await page.getByLabel(REPORTS_LIST.status).inputValue()).toBe('failed');
    await page.getByRole('heading', { name: REPORTS_LIST.emptyFilteredTitle }).waitFor();
    await page.getByRole('button', { name: REPORTS_LIST.clear }).first().click();
    await page.waitForURL((url) => url.search === '');
    await page.getByLabel(REPORTS_LIST.status).selectOption('failed');
    await table.getByText('Failed').first().waitFor();
    // Dates: from tomorrow on, nothing.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(REPORTS_LIST.from).fill(tomorrow);
    await page.waitForURL((url) => url.searchParams.get('from') === tomorrow);
    await page.getByRole('heading', { name: REPORTS_LIST.emptyFilteredTitle }).waitFor();
  });

  it('on a phone in the dark: the list as cards, no sideways scrolling', async () => {
    const phone = await signedInPage('Report Phone', {
      width: 390,
      theme: 'dark',
      account: { email: owner.email, password: owner.password },
    });
    open.push(phone);
    const { page } = phone;
    await page.goto('/reports');
    await page.getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-list-phone-dark');
    await page.goto('/reports/generate');
    await page.getByLabel(GENERATE.template).waitFor();
    await page.getByRole('region', { name: GENERATE.data }).getByRole('textbox').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-generate-phone-dark');
    await page.goto('/reports');
    await page.getByRole('table').getByRole('link', { name: 'customer-invoice.pdf' }).click();
    await page.getByRole('region', { name: REPORT_PAGE.report }).locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'reports-page-phone-dark');
  });

  it('shows a viewer the reports but no Generate, and the service refuses them one', async () => {
    const account = await confirmedAccount('Report Viewer');
    await api.call('POST', '/v1/team/invitations', { email: account.email, role: 'viewer' });
    const token = new URL((await mailTo('invitation', account.email)).links.accept ?? '').searchParams.get('token');
    const viewerApi = await apiAs(account);
    await viewerApi.call('POST', '/v1/invitations/accept', { token });
    const viewer = await signedInPage('Report Viewer', { account });
    open.push(viewer);
    const { page } = viewer;
    await page.evaluate((team) => window.localStorage.setItem('quire-team', team), api.team);
    await page.goto('/reports');
    await page.getByRole('table').waitFor();
    // The owner's reports (a viewer reads no templates, so the table names them by id).
    await page.getByRole('table').getByText(invoiceId).first().waitFor();
    expect(await page.getByRole('link', { name: REPORTS_LIST.generate }).count()).toBe(0);
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { name: REPORT_PAGE.details }).waitFor();
    expect(await page.getByRole('link', { name: REPORT_PAGE.generateAgain }).count()).toBe(0);
    const refused = await fetch(`${serviceUrl()}/v1/reports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${viewerApi.token}`,
        'quire-team': api.team,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ template_id: invoiceId, data: INVOICE.sample_data }),
    });
    expect(refused.status).toBe(403);
    expect(pageFaults(viewer.problems)).toEqual([]);
  });
});
