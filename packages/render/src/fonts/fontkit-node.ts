import { pdfkitFontkit } from './parse-cache';

/**
 * `fontkit` in Quire's Node builds and tests (tsup.config.ts and vitest.config.ts alias the package to this file):
 * the CommonJS instance pdfkit loads. Imported as an ES module, the package was a second instance beside pdfkit's,
 * its code and tables some 2.4 MB of heap, and each font's bytes were parsed by each: the registry and the shaper
 * with one, pdfkit with the other. Now a process holds one fontkit, and the parse cache in front of it
 * (parse-cache.ts, installed by the import above) gives the registry, the shaper and pdfkit one parsed font per
 * byte array. The browser build keeps the package itself.
 */
type Create = typeof import('fontkit')['create'];

let fontkit: ReturnType<typeof pdfkitFontkit> | undefined;

export const create: Create = (bytes, postscriptName) => {
  fontkit ??= pdfkitFontkit();
  return fontkit.create(bytes, postscriptName) as ReturnType<Create>;
};
