import { PageSetup, type PageSetupInput } from '@quire/core';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { RenderTimeoutError } from '../pool/errors';
import { ChromiumDriverMissingError, ChromiumNotFoundError } from './errors';
import { findChromium } from './find-chromium';
import { buildDocument } from './html-document';
import { PagePool } from './page-pool';
import { toPdfOptions } from './pdf-options';
import { countPdfPages } from './pdf-page-count';

export interface ChromiumLaunchOptions {
  /** Chromium's executable; `QUIRE_CHROMIUM_PATH` overrides it. Default: found on the PATH. */
  executablePath?: string;
  /** Pages kept open and reused; also how many renders run at once. Default: 2. */
  pages?: number;
  /** Time one render may take, loading included. Default: 30 s. */
  timeoutMs?: number;
  /**
   * Run the template's scripts. Default: false: a template is HTML and CSS, and a server should not run a user's
   * JavaScript.
   */
  javaScript?: boolean;
}

export interface ChromiumPdfInput {
  /** The rendered body HTML (Liquid already applied). */
  html: string;
  css?: string;
  /** Chromium header template: page numbers as `<span class="pageNumber">` and `<span class="totalPages">`. */
  headerHtml?: string;
  footerHtml?: string;
  /** Size, orientation and margins (mm); defaults filled in as in a template (A4 portrait, Quire's margins). */
  page: PageSetupInput;
  /** The PDF's title (its Info dictionary), taken from the document's <title>. */
  metadataTitle?: string;
  /** Overrides the engine's time limit for this render. */
  timeoutMs?: number;
  /**
   * Print as a browser prints the page: the CSS `@page` rules set the paper (`page` is what a document without
   * them gets) and the body keeps the browser's 8px margin. Off by default, where the template's page setup decides
   * the paper and its margins are the PDF's, as with the pdfmake engine. The fidelity gate turns it on: it compares
   * Quire's engine, which lays out as a browser does, with what a browser prints.
   */
  asBrowserPrints?: boolean;
}

export interface ChromiumPdf {
  bytes: Uint8Array;
  pages: number;
}

/** Flags for a headless Chromium on a server or in a container. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Containers often give /dev/shm only 64 MB, too little for Chromium's shared memory.
  '--disable-dev-shm-usage',
  // Requests are aborted by the route below, but Chromium preconnects (TCP, no request) to an iframe's host
  // before asking it. With every host unresolvable, even that goes nowhere.
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

const DEFAULT_PAGES = 2;
const DEFAULT_TIMEOUT_MS = 30_000;

/** One reusable tab: a context of its own keeps renders from sharing cookies, storage or cache. */
interface RenderSlot {
  context: BrowserContext;
  page: Page;
  crashed: boolean;
}

/** Renders HTML to PDF with a system Chromium, for templates that need CSS beyond what pdfmake supports. */
export class ChromiumEngine {
  readonly #browser: Browser;
  readonly #pages: PagePool<RenderSlot>;
  readonly #timeoutMs: number;
  readonly #javaScript: boolean;

  private constructor(browser: Browser, options: ChromiumLaunchOptions) {
    this.#browser = browser;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#javaScript = options.javaScript ?? false;
    this.#pages = new PagePool<RenderSlot>(
      {
        create: () => this.#openSlot(),
        dispose: (slot) => slot.context.close(),
        isUsable: (slot) => !slot.crashed && !slot.page.isClosed(),
      },
      options.pages ?? DEFAULT_PAGES,
    );
  }

  /** Starts Chromium. Throws ChromiumNotFoundError when there is none, with how to install one. */
  static async launch(options: ChromiumLaunchOptions = {}): Promise<ChromiumEngine> {
    const executablePath = findChromium(options.executablePath);
    if (executablePath === undefined) throw new ChromiumNotFoundError(options.executablePath);
    const { chromium } = await loadPlaywright();
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    return new ChromiumEngine(browser, options);
  }

  async renderPdf(input: ChromiumPdfInput): Promise<ChromiumPdf> {
    if (!this.#browser.isConnected()) throw new Error('Chromium is no longer running; launch the engine again.');
    // Validated before a page is taken: a bad page setup is the caller's error and should not cost a page.
    const page = PageSetup.parse(input.page);
    const timeoutMs = input.timeoutMs ?? this.#timeoutMs;
    return this.#pages.use((slot) => withTimeout(this.#renderOn(slot, { ...input, page }), timeoutMs));
  }

  async close(): Promise<void> {
    await this.#pages.close();
    await this.#browser.close();
  }

  async #renderOn(slot: RenderSlot, input: ChromiumPdfInput & { page: PageSetup }): Promise<ChromiumPdf> {
    const html = buildDocument({
      html: input.html,
      css: input.css,
      title: input.metadataTitle,
      browserMargins: input.asBrowserPrints === true,
    });
    await slot.page.setContent(html, { waitUntil: 'load', timeout: 0 });
    // Web fonts from data: URLs load when first used, which the load event does not wait for.
    await slot.page.evaluate(() => document.fonts.ready.then(() => undefined));
    const bytes = ownBytes(await slot.page.pdf(toPdfOptions(input)));
    return { bytes, pages: countPdfPages(bytes) };
  }

  async #openSlot(): Promise<RenderSlot> {
    const context = await this.#browser.newContext({ javaScriptEnabled: this.#javaScript, serviceWorkers: 'block' });
    try {
      // Templates are rendered offline: only inline resources (data: URLs) load, nothing from any network.
      await context.route('**/*', blockNetwork);
      const page = await context.newPage();
      const slot: RenderSlot = { context, page, crashed: false };
      page.on('crash', () => {
        slot.crashed = true;
      });
      return slot;
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }
}

function blockNetwork(route: Route): Promise<void> {
  const url = route.request().url();
  return url.startsWith('data:') || url.startsWith('about:') ? route.continue() : route.abort('blockedbyclient');
}

/** Rejects after `ms`; the pool then replaces the page, and closing it ends whatever Chromium was still doing. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // After the deadline the abandoned work still fails (its page is closed under it); nobody listens any more.
  work.catch(() => {});
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeoutError(ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The PDF as a Uint8Array that owns its memory: a small Node Buffer is a window on a shared slab, which would leak
 * other data through `.buffer` and cannot be transferred to another thread.
 */
function ownBytes(buffer: Buffer): Uint8Array {
  const ownsMemory = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  return ownsMemory ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
}

async function loadPlaywright(): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core');
  } catch (cause) {
    throw new ChromiumDriverMissingError(cause);
  }
}
