import { PageSetup } from '@quire/core';
import type { ChromiumRenderer, RenderContext } from '../render';

/** The render context of one command, and what must be shut down when the command ends. */
export interface RenderSession {
  context: RenderContext;
  close(): Promise<void>;
}

/**
 * A context whose Chromium is launched on first use only: an HTML or email render with `--engine chromium` never
 * starts a browser. `pages` is how many renders Chromium runs at once (a batch's --workers).
 */
export function createSession(options: { pages?: number } = {}): RenderSession {
  let launching: Promise<{ renderer: ChromiumRenderer; close: () => Promise<void> }> | undefined;
  const launch = async () => {
    // Loaded here so that commands without Chromium never load the browser driver.
    const { ChromiumEngine } = await import('../chromium');
    const engine = await ChromiumEngine.launch(options.pages ? { pages: options.pages } : {});
    const renderer: ChromiumRenderer = {
      // The renderer hands over the template's page setup as written; the engine wants it with defaults applied.
      renderPdf: (input) => engine.renderPdf({ ...input, page: PageSetup.parse(input.page) }),
    };
    return { renderer, close: () => engine.close() };
  };
  return {
    context: {
      chromium: async () => {
        launching ??= launch();
        return (await launching).renderer;
      },
    },
    async close() {
      if (!launching) return;
      const started = await launching.catch(() => undefined);
      await started?.close();
    },
  };
}
