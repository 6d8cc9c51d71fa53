/**
 * examples/react-embed as its README runs it, driven in the system Chromium: an editor API key whose allowed
 * origins name the page's origin, the company's template made from the invoice starter, `pnpm build`, and
 * `node server.mjs` serving the page and minting embed tokens. In the page the builder, which talks to the service
 * across origins with embed tokens only, shows the exact PDF, edits the template in Boss Mode, saves a version that
 * the history shows, publishes it, and in Easy Mode changes the heading's text by clicking it in the preview.
 */
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { eventually, launchChromium, seriousViolations } from './lib/browser';
import { freePort, waitForHttp } from './lib/net';
import { INVOICE_PAGES } from './lib/pdf';
import { run, startBackground } from './lib/processes';
import { BUILD_TIMEOUT_MS, check, onCleanup, ROOT, showLogOnFailure, step, userEnv } from './lib/runner';
import { callApi, expectStatus, type NewApiKey, type RunningService } from './lib/service';

const EXAMPLE = join(ROOT, 'examples', 'react-embed');
/** What Boss Mode types at the end of the template's HTML. */
const THANKS = 'Thank you for shopping at Okafor Bindery.';
/** The HTML preview (both modes' before Easy Mode's own), and Easy Mode's, where a click selects an element. */
const ANY_PREVIEW = 'iframe[title^="Preview of the report"]';
const HTML_PREVIEW = 'iframe[title="Preview of the report"]';
const EASY_PREVIEW = 'iframe[title^="Preview of the report: click"]';

interface TemplateAnswer {
  id: string;
  latest_version: number;
  published_version: number | null;
}

/** The service as the company's backend sees it, with its API key. */
function companyApi(service: RunningService, apiKey: string) {
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const answer = await callApi(service, method, path, body, apiKey);
    expectStatus(answer, method === 'POST' ? 201 : 200, `${method} ${path}`);
    return answer.body;
  };
  return {
    createTemplate: async (body: unknown) => (await call('/v1/templates', 'POST', body)) as unknown as TemplateAnswer,
    template: async (id: string) => (await call(`/v1/templates/${id}`)) as unknown as TemplateAnswer,
    versionHtml: async (id: string, version: number) =>
      ((await call(`/v1/templates/${id}/versions/${version}`)) as { content: { html: string } }).content.html,
  };
}

export async function runReactEmbed(service: RunningService, account: NewApiKey, dir: string): Promise<void> {
  await step('examples/react-embed: pnpm build (the fonts, vite build)', () =>
    run('pnpm', ['--filter', 'quire-example-react-embed', 'build'], {
      cwd: ROOT,
      env: userEnv(),
      timeoutMs: BUILD_TIMEOUT_MS,
    }),
  );

  const { origin, apiKey, templateId } = await step(
    'examples/react-embed: an editor key for its origin, the template, node server.mjs',
    async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      // As the README: a key for the company's backend, then the origin its embed tokens are used from.
      const asPerson = (method: string, path: string, body: unknown) =>
        callApi(service, method, path, body, account.accessToken);
      const key = await asPerson('POST', '/v1/api-keys', { name: 'Larkspur', role: 'editor' });
      expectStatus(key, 201, 'POST /v1/api-keys');
      const allowed = await asPerson('PATCH', `/v1/api-keys/${key.body.id}`, { allowed_origins: [origin] });
      expectStatus(allowed, 200, 'PATCH /v1/api-keys/{id} with allowed_origins');
      const apiKey = key.body.secret as string;
      const { id: templateId } = await companyApi(service, apiKey).createTemplate({ starter_id: 'invoice' });

      const logFile = join(dir, 'react-embed.log');
      const server = startBackground('react-embed', process.execPath, ['server.mjs'], {
        cwd: EXAMPLE,
        env: userEnv({
          QUIRE_API_KEY: apiKey,
          QUIRE_TEMPLATE_ID: templateId,
          QUIRE_BASE_URL: service.url,
          HOST: '127.0.0.1',
          PORT: String(port),
        }),
        logFile,
      });
      onCleanup(() => server.stop());
      showLogOnFailure('react-embed', logFile);
      await waitForHttp(`${origin}/`, server, 30_000);
      const minted = await fetch(`${origin}/api/quire-token`, { method: 'POST' });
      const { token } = (await minted.json()) as { token?: string };
      check(minted.ok && token?.startsWith('qe_'), `POST /api/quire-token answered ${minted.status}, not a qe_ token`);
      console.log(`  ${origin}: template ${templateId}; POST /api/quire-token mints embed tokens`);
      return { origin, apiKey, templateId };
    },
  );

  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const session = new HostPage(page, service.url, origin);
  try {
    await drive(session, companyApi(service, apiKey), { origin, apiKey, templateId });
  } catch (error) {
    // What the page looked like, for the log (kept with QUIRE_E2E_KEEP=1).
    const shot = join(dir, 'react-embed-failure.png');
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    console.error(`  the page when it failed: ${shot}`);
    throw error;
  }
}

/** The example's page in Chromium, and what it asked of Quire and of its own server. */
class HostPage {
  readonly toQuire: Request[] = [];
  readonly toHost: string[] = [];
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    quireUrl: string,
    origin: string,
  ) {
    page.on('request', (request) => {
      if (request.url().startsWith(`${quireUrl}/`)) this.toQuire.push(request);
      if (request.url().startsWith(`${origin}/`)) this.toHost.push(new URL(request.url()).pathname);
    });
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  /** Waits for the host's own status line, which the builder's onSave and onPublish write. */
  notice(text: string): Promise<void> {
    return this.page.locator('.host-notice', { hasText: text }).waitFor({ timeout: 20_000 });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async expectAccessible(where: string): Promise<void> {
    const violations = await seriousViolations(this.page);
    check(
      violations.length === 0,
      `serious accessibility violations ${where}:\n${JSON.stringify(violations, null, 2)}`,
    );
  }

  /**
   * The preview takes most of the height Larkspur gives the builder (an empty inactive tab panel once took half of
   * it), leaving room for the toolbar, the AI bar and the tabs.
   */
  async expectFilled(frame: string, where: string): Promise<void> {
    const preview = await this.page.locator(frame).first().boundingBox();
    const builder = await this.page.locator('.host-builder').boundingBox();
    check(preview && builder, 'no preview or no builder on the page');
    const share = preview.height / builder.height;
    check(share >= 0.6, `the preview is ${Math.round(preview.height)} px of the builder's ${builder.height} ${where}`);
  }

  /** Waits until the preview frame's document shows `text`. */
  async previewShows(frame: string, text: string): Promise<void> {
    const body = this.page.frameLocator(frame).first().locator('body');
    const shown = async () => (await body.textContent({ timeout: 1_000 })) ?? '';
    await eventually(`the preview showing ${JSON.stringify(text)}`, async () => (await shown()).includes(text), {
      timeoutMs: 30_000,
      seen: async () => (await shown()).slice(0, 200),
    });
  }
}

async function drive(
  host: HostPage,
  quire: ReturnType<typeof companyApi>,
  { origin, apiKey, templateId }: { origin: string; apiKey: string; templateId: string },
): Promise<void> {
  const { page } = host;

  await step('the host page with the builder in Chromium: embed tokens only, no serious axe violations', async () => {
    await page.goto(`${origin}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('heading', { name: 'Invoice design', level: 1 }).waitFor();
    await host.previewShows(ANY_PREVIEW, 'Invoice');
    await host.expectFilled(ANY_PREVIEW, 'in Easy Mode');
    await host.expectAccessible('in Easy Mode');
    // The builder talks to Quire across origins with an embed token, never with the company's key.
    check(host.toQuire.length > 0, 'the page made no request to the Quire service');
    for (const request of host.toQuire) {
      const headers = await request.allHeaders();
      const auth = headers.authorization ?? '';
      check(auth.startsWith('Bearer qe_'), `${request.method()} ${request.url()} was sent without an embed token`);
      check(!JSON.stringify(headers).includes(apiKey), 'the API key reached the browser');
    }
    console.log(`  ${host.toQuire.length} requests to Quire, each with an embed token`);
  });

  await step(
    "the PDF preview: the engine and pdf.js's worker from the page's bundle, the fonts it serves",
    async () => {
      await page.getByRole('tab', { name: 'PDF' }).click();
      const pdf = page.getByRole('document', { name: `PDF preview: ${INVOICE_PAGES} pages` });
      await pdf.waitFor({ timeout: 60_000 });
      await pdf.getByLabel(`Page 1 of ${INVOICE_PAGES}`).waitFor();
      const worker = host.toHost.find((path) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(path));
      check(worker, `pdf.js's worker did not load from the page's assets (it loaded ${host.toHost.join(', ')})`);
      const fonts = host.toHost.filter((path) => path.startsWith('/quire-fonts/'));
      check(fonts.length > 0, 'no font was loaded from /quire-fonts/');
      await page.getByRole('tab', { name: 'HTML' }).click();
      console.log(`  ${INVOICE_PAGES} pages drawn; ${worker}; ${fonts.length} fonts from /quire-fonts/`);
    },
  );

  const before = await quire.template(templateId);
  const saved = before.latest_version + 1;

  await step(
    'Boss Mode: type in the editor, the preview changes, save, a new version in the history, publish',
    async () => {
      await page.getByRole('switch', { name: 'Boss Mode' }).click();
      const editor = page.locator('.cm-editor .cm-content').first();
      await editor.waitFor({ timeout: 30_000 });
      await host.expectFilled(HTML_PREVIEW, 'in Boss Mode');
      await host.expectAccessible('in Boss Mode');
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type(`<p class="thanks">${THANKS}`);
      await host.previewShows(HTML_PREVIEW, THANKS);

      await host.button('Save').click();
      await host.notice(`Version ${saved} saved.`);
      const afterSave = await quire.template(templateId);
      check(afterSave.latest_version === saved, `the service's latest version is ${afterSave.latest_version}`);
      check((await quire.versionHtml(templateId, saved)).includes(THANKS), `version ${saved} lacks what was typed`);
      check(afterSave.published_version === before.published_version, 'saving published the template');

      await page.getByRole('tab', { name: 'Versions' }).click();
      const newest = page.getByRole('region', { name: 'Versions' }).getByRole('listitem').first();
      await newest.getByText(`Version ${saved}`, { exact: true }).waitFor();

      await host.button('Publish').click();
      await host.notice(`Version ${saved} published`);
      await newest.getByText('Published', { exact: true }).waitFor();
      const afterPublish = await quire.template(templateId);
      check(afterPublish.published_version === saved, `the published version is ${afterPublish.published_version}`);
      console.log(`  version ${saved}: saved with the typed paragraph, first in the history, published`);
    },
  );

  await step('Easy Mode: click the heading in the preview, change its text, save', async () => {
    await page.getByRole('switch', { name: 'Boss Mode' }).click();
    const heading = page.frameLocator(EASY_PREVIEW).locator('h1');
    await heading.click();
    await eventually('the clicked heading being selected', async () => {
      return (await heading.getAttribute('data-quire-selected')) === '';
    });
    const text = page.getByLabel('Text', { exact: true });
    check((await text.inputValue()) === 'Invoice', `the text field shows ${JSON.stringify(await text.inputValue())}`);
    await text.fill('Tax invoice');
    await eventually(
      'the preview showing the new heading',
      async () => (await heading.textContent()) === 'Tax invoice',
    );

    await host.button('Save').click();
    await host.notice(`Version ${saved + 1} saved.`);
    const html = await quire.versionHtml(templateId, saved + 1);
    check(html.includes('<h1>Tax invoice</h1>'), `version ${saved + 1} does not have <h1>Tax invoice</h1>`);
    check(html.includes(THANKS), `version ${saved + 1} lost what Boss Mode typed`);
    check(!html.includes('data-quire'), `version ${saved + 1} carries the preview's data-quire ids`);
    const after = await quire.template(templateId);
    check(after.published_version === saved, 'saving in Easy Mode published the template');
    check(host.errors.length === 0, `the page threw: ${host.errors.join('; ')}`);
    console.log(`  version ${saved + 1}: <h1>Tax invoice</h1>, the typed paragraph kept; version ${saved} still live`);
  });
}
