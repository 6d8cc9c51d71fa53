import { kindById, presetOf } from './kinds/catalogue';
import { KIND_CONCEPTS } from './kinds/concepts';
import { term } from './labels';
import { type ListItem, type Named, named, readList, type Scan } from './scan';
import type { Lang } from './spec';
import { fold } from './text';
import type { Request } from './understand';
import { COLUMN_CONCEPTS, CONCEPTS, conceptOf } from './vocabulary';
import { FEATURE_PATTERNS } from './words';

/**
 * Lists asked for without the word "columns": what is named as a plural ("with subjects, grades and teacher
 * comments"), "per …" / "for each …" ("one line per product"), and "list of …" become a table whose columns are the
 * names given, in the singular; single values stay fields. The first plural names the rows (a subjects table).
 */

/** Plurals that are one value: "hours", "notes", "terms"... and words that only look plural. */
const NOT_PLURAL = new Set(
  (
    'address status notes terms details hours days nights totals earnings deductions attendees business class ' +
    'glass series news analysis kpis thanks sales orders bus campus canvas gross plus tax lens access process ' +
    'conditions instructions directions steps method servings goods services means progress physics ' +
    'mathematics economics politics adresse adresses remarques conditions horas dias notas cards tiles figures ' +
    'charts graphs kpis metrics widgets'
  ).split(' '),
);

function isPlural(phrase: string, lang: Lang = 'en'): boolean {
  // German, Italian and Dutch plurals are not made with -s ("Ergebnis" is one result).
  if (lang === 'de' || lang === 'it' || lang === 'nl') return false;
  const last = fold(phrase).split(' ').pop() ?? '';
  if (last.length < 4 || NOT_PLURAL.has(last)) return false;
  return /[^su]s$/.test(last) || /(ies|ches|shes|xes)$/.test(last);
}

/** "grades" → "grade", "teacher comments" → "teacher comment", "entries" → "entry". */
export function singularPhrase(phrase: string): string {
  return phrase.replace(/([\p{L}]+)$/u, (w) =>
    /ies$/i.test(w) ? `${w.slice(0, -3)}y` : /(ches|shes|xes)$/i.test(w) ? w.slice(0, -2) : w.replace(/s$/i, ''),
  );
}

function column(phrase: string, lang: Lang = 'en'): Named {
  // "contents" of a carton is not one "content".
  if (/\bcontents$/i.test(phrase.trim())) return named(phrase);
  // "packages" (a count) is a word of its own; "grades" is the plural of "grade".
  const whole = named(phrase);
  if (whole.concept && fold(whole.concept.replace(/_/g, ' ')) === fold(phrase)) return whole;
  return named(isPlural(phrase, lang) ? singularPhrase(phrase) : phrase);
}

/** A concept that is usually a column: the list's own, the dictionary's column words, or one sampled per row. */
function isColumnConcept(concept: string, own: string[]): boolean {
  if (own.includes(concept) || COLUMN_CONCEPTS.has(concept)) return true;
  return Array.isArray(KIND_CONCEPTS[concept]?.sample);
}

function rowsName(phrase: string): string {
  return (
    fold(phrase)
      .replace(/[^a-z0-9 ]/g, '')
      .trim()
      .replace(/\s+/g, '_') || 'rows'
  );
}

const PER =
  /\b(?:(?:one|a|1)\s+(?:row|line|entry)\s+per|(?:une\s+)?ligne\s+par|(?:eine\s+)?zeile\s+(?:pro|je)|(?:una\s+)?(?:fila|linea)\s+por|(?:uma\s+)?linha\s+por|(?:una\s+)?riga\s+per|(?:een\s+)?regel\s+per|for each|for every|pour chaque|fur jede[nrs]?|por cada|para cada|per ogni|voor elke|voor iedere)\s+([\p{L}-]{3,}(?:\s+(?!with\b|and\b|avec\b|mit\b|und\b|con\b|com\b|met\b|en\b|et\b|for\b|pour\b|para\b|per\b|voor\b|in\b|on\b|sur\b|auf\b)[\p{L}-]{3,})?)/u;
const LIST_OF =
  /\b(?:a\s+)?(?:list|table|liste|tableau|tabelle|lista|tabla|tabela|tabella|lijst|tabel)\s+(?:of|de|des|der|von|di|dei|delle|van|do|dos|das)\s+(?:the\s+|les\s+|den\s+|los\s+|las\s+)?([\p{L}-]{3,}(?:\s+(?!with\b|and\b|avec\b|mit\b|und\b|con\b|com\b|met\b|en\b|et\b|for\b|pour\b|para\b|per\b|voor\b|in\b|on\b|sur\b|auf\b)[\p{L}-]{3,})?)/u;

/** "per …", "for each …" and "list of …", read before the fields so their words are not read as fields. */
export function readListPhrases(scan: Scan, request: Request): void {
  if (request.tableAsked) return;
  const per = scan.first(PER);
  const list = per ?? scan.first(LIST_OF);
  if (!list) return;
  const noun = (list[1] as string).trim();
  request.tableAsked = true;
  request.tableNoun = rowsName(isPlural(noun) ? noun : `${noun}s`);
  // "one line per day" names a column too; "… for each stop" names the rows, its columns came before it.
  if (!per || /\b(row|line|entry|ligne|zeile|fila|linea|linha|riga|regel)\b/.test(list[0]))
    request.columns.push(column(scan.text(list.index + list[0].length - noun.length, list.index + list[0].length)));
  scan.consumeMatch(list);
  // "list of subjects with grade and comment": the columns follow.
  const rest = /^\s*(?:with|avec|mit|con|com|met|showing|including|:)\s+/.exec(
    scan.work.slice(list.index + list[0].length),
  );
  if (rest) {
    const start = list.index + list[0].length + rest[0].length;
    const { items } = readList(scan, start, request.language);
    for (const item of items) {
      const n = column(item.text);
      if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
      scan.consume(item.start, item.end);
    }
    scan.consume(list.index + list[0].length, start);
  }
}

/**
 * Names given as plurals after "with", "including", ":"... become the table's columns ("with subjects, grades and
 * teacher comments"), read before the features so that "comments" stays part of "teacher comments". With the
 * kind's own list, a single plural that names its rows or one of its columns just asks for that list.
 */
export function readPluralList(scan: Scan, request: Request, trigger: RegExp): void {
  if (request.columns.length > 0) return;
  const preset = presetOf({ ...(request.kind ? { kind: request.kind } : {}), docType: request.docType });
  // A dashboard's figures ("revenue, orders and customers") are its cards, not columns.
  const scalar = new Set([...preset.fields, ...(kindById(request.kind)?.figures ?? [])]);
  const table = preset.table;
  const lang = request.language;
  let rows: string | undefined;
  for (const match of scan.all(trigger)) {
    const { items: all } = readList(scan, match.index + match[0].length, lang);
    const items = all.filter((item) => {
      const f = fold(item.text);
      if (f.split(' ').length > 3) return false;
      // "a QR code", "page numbers" are features; "teacher comments" is not "comments".
      if (FEATURE_PATTERNS.some(([, pattern]) => (pattern.exec(f)?.[0].trim().length ?? 0) >= f.length - 1))
        return false;
      // "with contents, HS codes and values": "contents" names the kind's rows.
      if (table && f === fold(table.name.replace(/_/g, ' '))) {
        request.tableAsked = true;
        rows = item.text;
        scan.consume(item.start, item.end);
        return false;
      }
      // (named() leaves parties out of its concepts: ask the dictionary itself.)
      const concept = conceptOf(item.text) ?? conceptOf(singularPhrase(item.text));
      // "numbered clauses" are the clauses section, not a list of rows.
      if (concept === 'clauses') {
        scan.consume(item.start, item.end);
        return false;
      }
      return !(concept && (scalar.has(concept) || CONCEPTS[concept]?.party));
    });
    // "hours per day": the rows are days, with the value as a column; the rest of the list are columns too.
    // ("rate per night" is one price, not a list of nights.)
    const per = items
      .map((item) => ({ item, m: /^(.+?)\s+per\s+([\p{L}]{3,})$/u.exec(item.text) }))
      .find(
        (x) => x.m && named(x.m[1] as string).type !== 'money' && !/\b(rate|price|cost|fee)\b/i.test(x.m[1] as string),
      );
    if (per?.m) {
      request.tableAsked = true;
      const rowsWord = per.m[2] as string;
      request.tableNoun ??= rowsName(isPlural(rowsWord, lang) ? rowsWord : `${rowsWord}s`);
      for (const n of [column(rowsWord, lang), column(per.m[1] as string, lang)])
        if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
      for (const item of items) {
        if (item !== per.item) {
          const n = column(item.text, lang);
          if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
        }
        scan.consume(item.start, item.end);
      }
      return;
    }
    const plurals = items.filter((item) => isPlural(item.text, lang));
    // "with hours, rate and amount": names of columns (this kind's, or lists' in general) are columns even in the
    // singular, when two or more come together.
    const columnish = items.filter((item) => {
      const concept = named(item.text).concept ?? named(singularPhrase(item.text)).concept;
      return concept !== undefined && isColumnConcept(concept, table?.columns ?? []);
    });
    if (columnish.length >= 2) {
      request.tableAsked = true;
      // The rows were named ("dishes, descriptions and prices"): they are the first column (dish).
      if (rows && table) {
        const own = column(rows, lang).concept;
        const naming = own && table.columns.includes(own) ? own : (table.columns[0] as string);
        const first = named(term(naming, 'en') ?? naming);
        request.columns.push({ ...first, concept: naming, key: CONCEPTS[naming]?.name ?? naming });
      }
      for (const item of items) {
        const n = column(item.text, lang);
        if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
        scan.consume(item.start, item.end);
      }
      return;
    }
    if (plurals.length === 0) continue;
    const only = plurals[0] as ListItem;
    if (plurals.length === 1 && table) {
      const n = column(only.text, lang);
      if (n.concept && table.columns.includes(n.concept)) {
        request.tableAsked = true;
        scan.consume(only.start, only.end);
        continue;
      }
    }
    request.tableAsked = true;
    request.tableNoun ??= rowsName(only.text);
    // Two plurals make a list of the names given: the singular ones beside them are its columns too.
    for (const item of plurals.length >= 2 ? items : plurals) {
      const n = column(item.text, lang);
      if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
      scan.consume(item.start, item.end);
    }
    return;
  }
}
