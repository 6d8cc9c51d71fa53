import { browserPlatform } from '../paint/platform-browser';
import { hyphenationLanguagesOf, loadHyphenationPatterns } from '../text/hyphen-patterns-browser';
import { type EngineRenderInput, type EngineRenderOutput, renderWithQuireEngine } from './render-document';

/**
 * The engine in a browser: the same pipeline as Node's, painted with pdfkit's standalone build. Layout is
 * synchronous, so the hyphenation patterns the document may ask for (by its `lang` attributes) are loaded first;
 * `runningHtml` is the header and footer as on the first page, for theirs.
 */
export async function renderWithQuireEngineInBrowser(
  input: EngineRenderInput,
  runningHtml: readonly string[],
): Promise<EngineRenderOutput> {
  await loadHyphenationPatterns(hyphenationLanguagesOf([input.bodyHtml, input.template.css ?? '', ...runningHtml]));
  return renderWithQuireEngine(input, browserPlatform);
}
