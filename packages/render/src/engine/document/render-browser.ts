import { installPdfkitTableCache } from '../../fonts/browser-table-cache';
import { browserPDFDocument, browserPlatform } from '../paint/platform-browser';
import { PngChecks } from '../paint/png-checks';
import { hyphenationLanguagesOf, loadHyphenationPatterns } from '../text/hyphen-patterns-browser';
import { type EngineRenderInput, type EngineRenderOutput, renderWithQuireEngine } from './render-document';

/**
 * The engine in a browser: the same pipeline as Node's, painted with pdfkit's standalone build. Layout is
 * synchronous, so the hyphenation patterns the document may ask for (by its `lang` attributes) are loaded first;
 * `runningHtml` is the header and footer as on the first page, for theirs; and so are its PNGs checked (a browser
 * inflates only asynchronously, the painter checks synchronously). pdfkit's standalone build parses
 * fonts with its own fontkit, for every document: their decoded tables are kept for the page, as for pdfmake.
 */
export async function renderWithQuireEngineInBrowser(
  input: EngineRenderInput,
  runningHtml: readonly string[],
): Promise<EngineRenderOutput> {
  const sources = [input.bodyHtml, input.template.css ?? '', ...runningHtml];
  const pngs = new PngChecks();
  await Promise.all([
    loadHyphenationPatterns(hyphenationLanguagesOf(sources)),
    pngs.add(input.images.values(), sources),
  ]);
  const faces = input.fonts.pdfmakeFonts()[input.fonts.resolveFamily(undefined)];
  if (faces) installPdfkitTableCache(() => probeFont(faces.normal));
  return renderWithQuireEngine(input, browserPlatform(pngs));
}

function probeFont(bytes: Uint8Array): object {
  const probe = new browserPDFDocument({
    autoFirstPage: false,
    compress: false,
    pdfVersion: '1.4',
    font: null,
    info: {},
  });
  probe.registerFont('probe', bytes);
  probe.font('probe');
  return probe._font.font;
}
