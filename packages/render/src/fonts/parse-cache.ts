import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { keepCodePointsPerUse } from './glyph-code-points';

/**
 * A process-wide cache of parsed fonts for pdfkit (Node only).
 *
 * pdfmake hands pdfkit the font bytes for every document (`PDFDocument.provideFont` → pdfkit `font()` →
 * `PDFFontFactory.open` → `fontkit.create(bytes)`), and pdfkit parses them again each time: tables, cmap, GSUB
 * and GPOS are decoded afresh, which costs more than laying out a small document. Here fontkit's `create` returns
 * the font it already parsed for the same byte array (the registry and pdfmake's virtual file system hand over the
 * same Buffer objects every time). Each document still makes its own subset, widths and ToUnicode map (pdfkit's
 * EmbeddedFont), so nothing of one document's content reaches another.
 *
 * How it hooks in: pdfkit keeps its own `require('fontkit')` (the CommonJS build), whose exports cannot be
 * redefined. But `create` tries fontkit's registered formats in order, so a format put in front of them, which
 * recognises the byte arrays it has already parsed and hands back the parsed font, serves pdfkit whenever pdfkit
 * was loaded. Installing is idempotent and happens when this module is imported.
 */

interface FontkitModule {
  create(buffer: Uint8Array, postscriptName?: string): unknown;
  registerFormat(format: unknown): void;
}

export interface FontParseStats {
  /** Fonts served from the cache. */
  hits: number;
  /** Fonts parsed (first use of a byte array). */
  misses: number;
  /** Font subsets written with the deflated bytes of an earlier document's same subset. */
  deflatedReuses: number;
}

const stats: FontParseStats = { hits: 0, misses: 0, deflatedReuses: 0 };

/** How often pdfkit asked for a font that was already parsed, and how often one had to be parsed. */
export function fontParseStats(): FontParseStats {
  return { ...stats };
}

export interface FontParseCacheOptions {
  /** Also keep shaped words (fontkit `layout`) for the process. Default true. */
  layouts?: boolean;
  /** Also keep encoded font subsets by the glyphs they hold, and write each one's deflated bytes again. Default true. */
  subsets?: boolean;
}

let installed: boolean | undefined;

/** pdfkit's main file as pdfmake loads it: the instance both engines write with. */
function pdfkitMain(): string {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('pdfmake')).resolve('pdfkit');
}

/** The fontkit module instance pdfkit (as loaded by pdfmake) uses. */
export function pdfkitFontkit(): FontkitModule {
  return createRequire(pdfkitMain())('fontkit') as FontkitModule;
}

/** Registers a format with fontkit and returns fontkit's (private) list of formats, caught as it is pushed to. */
function registerAndCaptureFormats(fontkit: FontkitModule, format: unknown): unknown[] | undefined {
  const push = Array.prototype.push;
  let formats: unknown[] | undefined;
  Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
    if (items.length === 1 && items[0] === format) formats = this;
    return push.apply(this, items);
  };
  try {
    fontkit.registerFormat(format);
  } finally {
    Array.prototype.push = push;
  }
  return formats;
}

/**
 * Makes pdfkit reuse parsed fonts across documents. Returns whether the cache is in place (false only if
 * fontkit's internals changed so that it cannot be put in front; documents are then still correct, just slower).
 */
export function installFontParseCache(options: FontParseCacheOptions = {}): boolean {
  if (installed !== undefined) return installed;
  const fontkit = pdfkitFontkit();
  const cache = new WeakMap<Uint8Array, object>();
  let pending: object | undefined;
  let parsing = false;
  // fontkit calls `format.probe(bytes)`, then `new format(stream)`: a constructor function that returns an object
  // makes `new` return that object, the parsed font.
  const cachedFormat = Object.assign(
    function CachedFont() {
      const font = pending;
      pending = undefined;
      return font;
    },
    {
      probe(bytes: unknown): boolean {
        if (parsing || !(bytes instanceof Uint8Array)) return false;
        let font = cache.get(bytes);
        if (font) stats.hits++;
        else {
          parsing = true;
          try {
            font = keepCodePointsPerUse(fontkit.create(bytes) as object);
          } catch {
            return false; // not a font: fontkit's own formats report it as before
          } finally {
            parsing = false;
          }
          stats.misses++;
          if (options.layouts !== false) memoizeLayout(font);
          if (options.subsets !== false) memoizeSubsets(font);
          cache.set(bytes, font);
        }
        pending = font;
        return true;
      },
    },
  );
  const formats = registerAndCaptureFormats(fontkit, cachedFormat);
  const at = formats?.indexOf(cachedFormat) ?? -1;
  if (!formats || at < 0) {
    installed = false;
    return installed;
  }
  formats.splice(at, 1);
  formats.unshift(cachedFormat);
  if (options.subsets !== false) deflateSubsetsOnce();
  installed = true;
  return installed;
}

interface Position {
  xAdvance: number;
  [key: string]: number;
}
interface Run {
  glyphs: unknown[];
  positions: Position[];
}
type Layout = (text: string, ...rest: unknown[]) => Run;

/**
 * Shaping a word with OpenType (GSUB/GPOS) costs far more than anything else pdfkit does with it, and pdfkit
 * keeps what it shaped only for one document. The font now keeps it for the process: every call gets fresh
 * position objects, because pdfkit scales them in place.
 */
function memoizeLayout(font: unknown): void {
  const target = font as { layout?: Layout };
  if (typeof target.layout !== 'function') return;
  const layout = target.layout.bind(font);
  const runs = new Map<string, Run>();
  target.layout = (text: string, ...rest: unknown[]) => {
    // pdfkit asks with the text and its features; a caller that names a script, language or direction (Quire's
    // shaper, which keeps its own words) is answered by fontkit as asked.
    if (rest.length > 1) return layout(text, ...rest);
    const key = rest.length && rest[0] !== undefined ? `${JSON.stringify(rest)}\u0000${text}` : text;
    let run = runs.get(key);
    if (!run) {
      const shaped = layout(text, ...rest);
      run = { glyphs: shaped.glyphs, positions: shaped.positions.map((p) => ({ ...p })) };
      if (runs.size > 50_000) runs.clear();
      runs.set(key, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs.slice(),
      positions,
      get advanceWidth() {
        let width = 0;
        for (const p of positions) width += p.xAdvance;
        return width;
      },
    };
  };
}

/** The encoded subsets memoizeSubsets hands out, and the deflated bytes of those pdfkit has written. */
const encodedSubsets = new WeakSet<object>();
const deflatedSubsets = new WeakMap<object, Uint8Array>();

/** How pdfkit's PDFReference keeps a stream until it writes it. */
interface PdfReferenceInternals {
  compress: boolean;
  buffer: Uint8Array[];
  finalize(): void;
}

/**
 * pdfkit deflates each stream as it writes it, a font's subset too: after the subset's encoding (memoized below),
 * deflating it was what a report rendered again and again still paid for its fonts (some 4% of a one-page
 * invoice). A memoized subset is deflated the first time, as pdfkit would (zlib's defaults, the same bytes), and
 * its deflated bytes are written again after. pdfkit's PDFReference is not exported: one is made with a stand-in
 * document, which only its constructor reads, to reach the class's prototype.
 */
function deflateSubsetsOnce(): void {
  const main = pdfkitMain();
  const PDFDocument = createRequire(main)(main) as { prototype: { ref(this: unknown, data: object): object } };
  const standIn = { _offsets: [], _waiting: 0, compress: false };
  const prototype = Object.getPrototypeOf(PDFDocument.prototype.ref.call(standIn, {})) as PdfReferenceInternals;
  const finalize = prototype.finalize;
  if (typeof finalize !== 'function') return;
  prototype.finalize = function (this: PdfReferenceInternals) {
    const only = this.buffer.length === 1 ? this.buffer[0] : undefined;
    if (this.compress && only !== undefined && encodedSubsets.has(only)) {
      let deflated = deflatedSubsets.get(only);
      if (deflated === undefined) {
        deflated = deflateSync(only);
        deflatedSubsets.set(only, deflated);
      } else stats.deflatedReuses++;
      // write() has set the stream's Filter already; finalize writes the bytes as they are.
      this.buffer = [deflated];
      this.compress = false;
    }
    finalize.call(this);
  };
}

/**
 * A report rendered again and again (the same invoice for every customer) embeds the same subset of each font
 * every time; encoding a subset rebuilds the font's tables. Subsets are kept by the glyphs they hold.
 */
function memoizeSubsets(font: unknown): void {
  const target = font as { createSubset?: () => { glyphs: number[]; encode: () => unknown } };
  if (typeof target.createSubset !== 'function') return;
  const createSubset = target.createSubset.bind(font);
  const encoded = new Map<string, unknown>();
  target.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = encoded.get(key);
      if (bytes === undefined) {
        bytes = encode();
        if (encoded.size > 200) encoded.clear();
        encoded.set(key, bytes);
        if (typeof bytes === 'object' && bytes !== null) encodedSubsets.add(bytes);
      }
      return bytes;
    };
    return subset;
  };
}

installFontParseCache();
