/**
 * A page-wide cache of decoded font tables for pdfmake's browser build (the browser's counterpart of
 * parse-cache.ts, which Node uses).
 *
 * pdfmake hands pdfkit a font's bytes for every document, and fontkit decodes the font's tables again each time
 * (cmap, GSUB, GPOS, hmtx…): in a browser that is most of a small document's time (W1, the one-page invoice:
 * about 100 ms of 110). The browser build bundles its own fontkit, whose `registerFormat` (what the Node cache
 * hooks into) cannot be reached from outside. Its font class can: a font pdfmake opened for a probe document
 * leads to its prototype, whose `_decodeTable(table)` decodes one table from the font's stream. Wrapped here, it
 * decodes each table of a font's bytes once per page: pdfmake's virtual file system hands over the same byte
 * array for a font every time, so the bytes key the cache. Each document still has its own font object, subset,
 * widths and ToUnicode map, so nothing of one document's content reaches another; the decoded tables are read,
 * never written, by the layout and the subsetter.
 */

interface FontClass {
  _decodeTable(this: FontInstance, table: { tag: string }): unknown;
}

interface FontInstance {
  stream?: { buffer?: unknown };
}

interface PdfmakeBrowser {
  createPdf(definition: unknown): { getStream(): Promise<unknown> };
}

let installing: Promise<boolean> | undefined;
const stats = { hits: 0, misses: 0 };

/** Tables served from the cache, and tables decoded (the first use of a font's bytes). */
export function browserTableCacheStats(): { hits: number; misses: number } {
  return { ...stats };
}

/** Wraps the font class's table decoder once per page; answers whether the cache is in place. */
export function installBrowserTableCache(pdfMake: PdfmakeBrowser, family: string): Promise<boolean> {
  installing ??= (async () => {
    const document = (await pdfMake
      .createPdf({ content: [{ text: '.', font: family }], defaultStyle: { font: family } })
      .getStream()) as { provideFont?(family: string, bold: boolean, italics: boolean): { font?: object } };
    return cacheDecodedTables(document.provideFont?.(family, false, false)?.font);
  })();
  return installing;
}

/**
 * The same cache for a pdfkit build that bundles its own fontkit (the engine's, pdfkit's standalone build): its
 * font class is reached through a font `openFont` opens (in a document that is never written). Once per page.
 */
export function installPdfkitTableCache(openFont: () => object | undefined): boolean {
  pdfkitCached ??= cacheDecodedTables(openFont());
  return pdfkitCached;
}
let pdfkitCached: boolean | undefined;

const wrapped = new WeakSet<FontClass>();

/** Wraps the table decoder of a font's class, once; answers whether it could. */
function cacheDecodedTables(font: object | undefined): boolean {
  const proto = font ? (Object.getPrototypeOf(font) as FontClass | null) : null;
  // A later fontkit may decode differently: documents are then still right, only slower.
  if (!proto || typeof proto._decodeTable !== 'function') return false;
  if (wrapped.has(proto)) return true;
  wrapped.add(proto);
  const decode = proto._decodeTable;
  const decoded = new WeakMap<object, Map<string, unknown>>();
  proto._decodeTable = function (this: FontInstance, table: { tag: string }) {
    const bytes = this.stream?.buffer;
    if (typeof bytes !== 'object' || bytes === null) return decode.call(this, table);
    let tables = decoded.get(bytes);
    if (!tables) {
      tables = new Map();
      decoded.set(bytes, tables);
    }
    if (tables.has(table.tag)) {
      stats.hits++;
      return tables.get(table.tag);
    }
    stats.misses++;
    const value = decode.call(this, table);
    tables.set(table.tag, value);
    return value;
  };
  return true;
}
