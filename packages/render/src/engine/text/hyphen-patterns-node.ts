import { createRequire } from 'node:module';
import type { Hyphenator } from './hyphen-languages';

/** Node: a language's patterns are required when it is first hyphenated (they are large). */

const require = createRequire(import.meta.url);
const hyphenators = new Map<string, Hyphenator>();

/** The hyphenator of a `hyphen` module key (one of HYPHENATION_LANGUAGES). */
export function loadedHyphenator(key: string): Hyphenator | null {
  let hyphenator = hyphenators.get(key);
  if (!hyphenator) {
    hyphenator = (require(`hyphen/${key}`) as { hyphenateSync: Hyphenator }).hyphenateSync;
    hyphenators.set(key, hyphenator);
  }
  return hyphenator;
}
