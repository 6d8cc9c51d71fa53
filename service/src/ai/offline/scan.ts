import { JAPANESE_CHAR } from './ja/script';
import { conceptsOfLabel } from './labels';
import type { Lang, ValueType } from './spec';
import { capitalize, fold } from './text';
import { CONCEPTS, conceptOf, guessType } from './vocabulary';
import { CONJUNCTIONS, DETERMINERS, englishKey, LIST_STOPS } from './words';

/**
 * A request being read: the text as written and a folded copy of the same length (lower case, no accents), so a
 * pattern found in the folded copy can hand back the words as the user wrote them. What has been understood is
 * blanked out of the folded copy, so later rules do not read it twice ("notes" in a column list is a column,
 * not a notes section).
 */
export class Scan {
  readonly original: string;
  work: string;

  constructor(text: string) {
    this.original = text.normalize('NFC');
    let work = '';
    for (const ch of this.original.split('')) {
      if (/[\u2018\u2019`´]/.test(ch)) {
        work += "'";
        continue;
      }
      if (/[\u201c\u201d«»]/.test(ch)) {
        work += '"';
        continue;
      }
      // Japanese is kept as written (decomposing ガ would leave カ); full-width ＡＢ１ are read as AB1.
      if (JAPANESE_CHAR.test(ch)) {
        work += ch;
        continue;
      }
      const wide = ch.normalize('NFKC');
      const base = (wide.length === 1 ? wide : ch).normalize('NFD')[0] ?? ch;
      let low = base.toLowerCase();
      if (low.length !== 1) low = base.length === 1 ? base : ' ';
      work += /[a-z0-9#%&'+\-.,;:!?()"/\n ]/.test(low) || /[\p{L}\p{N}]/u.test(low) ? low : ' ';
    }
    this.work = work;
  }

  /** Every match of a pattern in what is left of the request. */
  all(pattern: RegExp): RegExpExecArray[] {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    return [...this.work.matchAll(new RegExp(pattern.source, flags))] as RegExpExecArray[];
  }

  first(pattern: RegExp): RegExpExecArray | undefined {
    return this.all(pattern)[0];
  }

  consume(start: number, end: number): void {
    this.work = this.work.slice(0, start) + ' '.repeat(Math.max(0, end - start)) + this.work.slice(end);
  }

  consumeMatch(match: RegExpExecArray): void {
    this.consume(match.index, match.index + match[0].length);
  }

  text(start: number, end: number): string {
    return this.original.slice(start, end).trim();
  }
}

/** A field or column someone named. */
export interface Named {
  /** As written, tidied ("Unit price"). */
  phrase: string;
  concept?: string;
  /** The data name: the concept's, or an English snake_case name made from the phrase. */
  key: string;
  /** Shown as written when the phrase is not the dictionary's own label for the concept. */
  label?: string;
  type: ValueType;
  sum?: boolean;
}

export function named(phrase: string): Named {
  const text = phrase.trim().replace(/\s+/g, ' ');
  const concept = conceptOf(text);
  if (concept && !CONCEPTS[concept]?.party) {
    const def = CONCEPTS[concept] as (typeof CONCEPTS)[string];
    // The dictionary's own word for it is translatable; a synonym the user chose is kept as they wrote it.
    const own = conceptsOfLabel(text).includes(concept) || fold(text) === fold(concept.replace(/_/g, ' '));
    return {
      phrase: text,
      concept,
      key: def.name ?? concept,
      ...(own ? {} : { label: capitalize(text) }),
      type: def.type,
      ...(def.sum ? { sum: true } : {}),
    };
  }
  const type = guessType(text);
  return {
    phrase: text,
    key: englishKey(text),
    label: capitalize(text),
    type,
    ...(type === 'money' || /\b(hours|nights|days|qty|quantity)\b/.test(fold(text)) ? { sum: true } : {}),
  };
}

export interface ListItem {
  text: string;
  start: number;
  end: number;
}

const VERBS = new Set(['make', 'use', 'add', 'put', 'set', 'change', 'give', 'please', 'create', 'include', 'show']);

const TRAILING_NOUNS =
  /\s+(columns?|fields?|colonnes?|champs?|spalten?|felder?|columnas?|campos?|colunas?|colonne|campi|kolommen|kolom|velden|veld)$/i;

/**
 * The items of a list that starts at `start`: "date, description, qty and unit price" up to the end of the clause
 * (punctuation, or a word such as "with" or "in" that starts another thought).
 */
export function readList(scan: Scan, start: number, lang: Lang): { items: ListItem[]; end: number } {
  const conj = new Set([...CONJUNCTIONS[lang], 'and', '&']);
  const stops = new Set(LIST_STOPS[lang]);
  const tokens = [...scan.work.slice(start).matchAll(/[\p{L}\p{N}#%&'+\-/]+|[^\s\p{L}\p{N}]/gu)];
  const items: ListItem[] = [];
  let itemStart = -1;
  let itemEnd = -1;
  let wordsInItem = 0;
  let end = start;
  const close = () => {
    if (itemStart >= 0) items.push({ text: scan.text(itemStart, itemEnd), start: itemStart, end: itemEnd });
    itemStart = -1;
    wordsInItem = 0;
  };
  let lastEnd = start;
  let sawConjunction = false;
  let sawComma = false;
  let previous = '';
  for (const token of tokens) {
    const at = start + (token.index ?? 0);
    const word = token[0];
    // A blanked stretch (something already understood) separates items.
    if (itemStart >= 0 && /\s{3,}/.test(scan.work.slice(lastEnd, at))) close();
    lastEnd = at + word.length;
    end = lastEnd;
    // "item; qty; price": semicolons separate a list that has no commas.
    if (word === ';' && !sawComma) {
      close();
      continue;
    }
    if (word === ',') {
      sawComma = true;
      // "X, Y and Z, ..." ends at Z: what follows the comma is another thought.
      if (sawConjunction && itemStart >= 0) {
        end = at;
        break;
      }
      close();
      continue;
    }
    if (/^[.;!?()\n:"]$/.test(word)) {
      // "no." and "qty." are abbreviations, not the end of a sentence.
      if (word === '.' && itemStart >= 0 && /\b(no|qty|nr|ref|approx|incl|excl)$/.test(scan.work.slice(itemStart, at)))
        continue;
      if (word === ':' && items.length === 0 && itemStart < 0) continue;
      end = at;
      break;
    }
    if (conj.has(word)) {
      // A list does not start with "and": the words before were the list ("... columns and the PO number").
      if (itemStart < 0 && items.length === 0 && !/\s{3,}/.test(scan.work.slice(start, at))) {
        end = at;
        break;
      }
      sawConjunction = itemStart >= 0 || items.length > 0;
      close();
      continue;
    }
    const partOfName = word === 'to' && /^(ship|bill|deliver|sold|send)$/.test(previous);
    previous = word;
    // "time in", "time out": a stop word that ends a known name is part of it.
    const known = itemStart >= 0 && conceptOf(`${scan.work.slice(itemStart, at).trim()} ${word}`) !== undefined;
    if (!partOfName && !known && stops.has(word) && (itemStart < 0 || !/^(of|de|di|van|do|da)$/.test(word))) {
      end = at;
      break;
    }
    // An item that starts with a verb is the next instruction, not a name ("; make it blue").
    if (itemStart < 0 && VERBS.has(word)) {
      end = at;
      break;
    }
    if (itemStart < 0) itemStart = at;
    itemEnd = at + word.length;
    wordsInItem++;
    if (wordsInItem > 5) {
      // Too long for a name: this is prose, and the list ended before it.
      itemStart = -1;
      end = at;
      break;
    }
    if (items.length >= 20) break;
  }
  close();
  return { items: items.map(tidyItem).filter((i) => i.text.length > 0), end };
}

function tidyItem(item: ListItem): ListItem {
  let text = item.text.replace(/["“”«»]/g, '').trim();
  // Leading determiners ("the", "a", "les", "die") and possessives ("customer's name" → "customer name").
  for (;;) {
    const match = /^([\p{L}]+)(?:['’]\s*|\s+)/u.exec(text);
    if (!match || !DETERMINERS.has(fold(match[1] as string))) break;
    text = text.slice(match[0].length);
  }
  text = text
    .replace(/['’]s\b/g, '')
    .replace(TRAILING_NOUNS, '')
    .trim();
  if (DETERMINERS.has(fold(text))) text = '';
  return { ...item, text };
}
