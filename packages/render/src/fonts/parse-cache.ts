import { createRequire } from 'node:module';

const stats = { hits: 0, misses: 0 };

/** How often pdfkit asked for a font that was already parsed, and how often one had to be parsed. */
export function fontParseStats(): { hits: number; misses: number } {
  return { ...stats };
}

/**
 * pdfkit parses a font file with fontkit for every document that uses it, which costs more than laying out a
 * small document. This puts a fontkit in front of pdfkit's that returns the parsed font it already has for the
 * same byte array; each document still makes its own subset, so nothing of one document leaks into another.
 *
 * pdfkit reads `require('fontkit')` once when it loads, and fontkit's exports cannot be redefined, so the cached
 * module must be in Node's require cache before pdfkit loads: import this module before pdfmake.
 */
function install(): void {
  const require = createRequire(import.meta.url);
  const pdfkitMain = createRequire(require.resolve('pdfmake')).resolve('pdfkit');
  const pdfkitRequire = createRequire(pdfkitMain);
  const fontkitPath = pdfkitRequire.resolve('fontkit');
  const entry = require.cache[fontkitPath];
  if (entry && (entry.exports as { __quireCache?: boolean }).__quireCache) return;
  const original = pdfkitRequire('fontkit') as Record<string, unknown> & {
    create: (b: Uint8Array, f?: string) => unknown;
  };
  const create = original.create.bind(original);
  const cache = new WeakMap<Uint8Array, Map<string, unknown>>();
  const wrapped = {
    ...original,
    __quireCache: true,
    create(bytes: Uint8Array, family?: string) {
      let byFamily = cache.get(bytes);
      if (!byFamily) {
        byFamily = new Map();
        cache.set(bytes, byFamily);
      }
      const key = family ?? '';
      let font = byFamily.get(key);
      if (font === undefined) {
        stats.misses++;
        font = create(bytes, family);
        memoizeLayout(font);
        memoizeSubsets(font);
        byFamily.set(key, font);
      } else stats.hits++;
      return font;
    },
  };
  const loaded = require.cache[fontkitPath];
  if (loaded) loaded.exports = wrapped;
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
      }
      return bytes;
    };
    return subset;
  };
}

install();
