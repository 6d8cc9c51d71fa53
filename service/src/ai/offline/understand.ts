import { type ChartAsk, readChart } from './charts';
import { isJapanesePrompt, japaneseLanguage, readJapanese } from './ja/read';
import { KINDS, kindById } from './kinds/catalogue';
import { formatInText, type PageFormat } from './kinds/formats';
import { retrieveKind } from './kinds/retrieve';
import { TERMS } from './labels';
import { type MarkValue, readMarkValues } from './marks';
import { readListPhrases, readPluralList } from './plurals';
import { type ListItem, type Named, named, readList, Scan } from './scan';
import type { DocType, FontKind, Lang, PageSizeName } from './spec';
import { LANGUAGES } from './spec';
import { fold } from './text';
import { COLOURS, CONCEPTS, conceptOf, DOC_TYPE_WORDS, FONT_WORDS, LANGUAGE_CUES, LANGUAGE_WORDS } from './vocabulary';
import { FEATURE_PATTERNS, type Feature, ROW_NOUNS, UNSUPPORTED } from './words';

/**
 * Reading a request: what kind of document, in which language, with which fields, columns, sections, colours,
 * font, page size and orientation. The result is plain facts; plan.ts turns them into a DocumentSpec with the
 * document type's defaults and the data's real names.
 */
export interface Request {
  docType: DocType;
  docTypeFound: boolean;
  /** The catalogue kind retrieved (kinds/): `report_card`, or a base type's own name (`invoice`). */
  kind?: string;
  /** A page format named that Quire has no size name for (A5, A6, 4x6 in, 85 × 55 mm). */
  pageFormat?: PageFormat;
  /** A heading made of the words around the document type ("Monthly sales report"), or a quoted title. */
  title?: string;
  language: Lang;
  languageExplicit: boolean;
  currency?: string;
  accent?: string;
  /** The colour as named ("navy"), for the reply. */
  accentName?: string;
  font?: FontKind;
  size?: number;
  orientation?: 'portrait' | 'landscape';
  pageSize?: PageSizeName;
  columns: Named[];
  /** The list the table shows ("products"), when named. */
  tableNoun?: string;
  tableAsked: boolean;
  fields: Named[];
  /** Parties named ("the supplier", "client name"), by concept. */
  parties: string[];
  features: Set<Feature>;
  unsupported: string[];
  /** What a QR code or barcode was asked to encode ("a barcode of the tracking number"). */
  markValues?: Partial<Record<'qr' | 'barcode', MarkValue>>;
  /** A chart asked for, drawn from the items table. */
  chart?: ChartAsk;
}

const LANGUAGE_LEAD = /\b(?:in|into|to|en|auf|ins|em|al|nach|naar|in het|op)\s+(?:the\s+)?/;

function detectLanguage(scan: Scan): { lang: Lang; explicit: boolean } {
  for (const lang of LANGUAGES) {
    for (const word of LANGUAGE_WORDS[lang]) {
      const led = scan.first(
        new RegExp(`${LANGUAGE_LEAD.source}${word}\\b(?:\\s+(?:language|labels?|sprache|langue))?`),
      );
      if (led) {
        scan.consumeMatch(led);
        return { lang, explicit: true };
      }
    }
  }
  // "日本語で", "英語で"; a prompt written in Japanese asks for Japanese labels.
  const japanese = japaneseLanguage(scan);
  if (japanese) return japanese;
  const extra: Partial<Record<Lang, string[]>> = { de: ['deutscher', 'deutschen'], fr: ['francaise'] };
  for (const lang of LANGUAGES) {
    for (const word of [...LANGUAGE_WORDS[lang], ...(extra[lang] ?? [])]) {
      const bare = scan.first(new RegExp(`\\b${word}\\b(?:\\s+(?:language|labels?|version|sprache))?`));
      if (bare) {
        scan.consumeMatch(bare);
        return { lang, explicit: true };
      }
    }
  }
  // No language named: the one the request is written in, from its small words and document names.
  const score: Record<Lang, number> = { en: 0, fr: 0, de: 0, es: 0, pt: 0, it: 0, nl: 0, ja: 0 };
  const tokens = scan.work.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (const token of tokens) {
    for (const lang of LANGUAGES) if (LANGUAGE_CUES[lang].includes(token)) score[lang]++;
    for (const [concept, row] of Object.entries(TERMS)) {
      if (!(concept in CONCEPTS) && !DOC_TYPE_WORDS.some(([t]) => t === concept)) continue;
      row.forEach((label, i) => {
        const lang = LANGUAGES[i] as Lang;
        if (lang !== 'en' && fold(label) === token && fold(row[0]) !== token) score[lang] += 0.5;
      });
    }
  }
  // A kind named in its own language ("note de frais", "Laborbefund", "confirmación de reserva") says a lot.
  const folded = ` ${scan.work.replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const def of KINDS) {
    if (!def.title) continue;
    const en = fold(def.title[0]);
    LANGUAGES.forEach((lang, i) => {
      const title = fold(def.title?.[i] ?? '');
      // "Badge" is French for a name badge, but also in the English "name badge".
      if (lang !== 'en' && !en.includes(title) && title.length > 3 && folded.includes(` ${title} `)) score[lang] += 3;
    });
  }
  let best: Lang = 'en';
  for (const lang of LANGUAGES) if (score[lang] > score[best]) best = lang;
  return { lang: score[best] >= 2 && score[best] > score.en ? best : 'en', explicit: false };
}

function detectPage(scan: Scan, request: Request): void {
  const format = formatInText(scan.work);
  if (format) {
    request.pageFormat = format.format;
    if (format.orientation === 'landscape') request.orientation = 'landscape';
    scan.consume(...format.at);
  }
  const a4 = scan.first(/\b(?:on |in )?a4(?:[ -](?:size|format|paper|page))?\b|\ba 4 (?:size|format|paper)\b/);
  if (a4) {
    request.pageSize = 'A4';
    scan.consumeMatch(a4);
  }
  const letter = scan.first(
    /\b(?:(?:on |in )?us[ -]letter|letter[ -]size[d]?|letter paper|letter format|(?:format|size|paper|taille|formato|papier|papel)\s*:?\s*(?:us )?letter|on letter)\b/,
  );
  if (letter) {
    request.pageSize = 'Letter';
    scan.consumeMatch(letter);
  }
  const legal = scan.first(
    /\b(?:(?:on |in )?us[ -]legal|legal[ -]size[d]?|legal paper|legal format|(?:format|size|paper|taille|formato|papier|papel)\s*:?\s*(?:us )?legal|on legal)\b/,
  );
  if (legal) {
    request.pageSize = 'Legal';
    scan.consumeMatch(legal);
  }
  const landscape = scan.first(
    /\b(?:in )?(landscape|paysage|querformat|quer|apaisado|horizontal|orizzontale|liggend)\b(?: orientation| mode| format)?/,
  );
  const portrait = scan.first(
    /\b(?:in )?(portrait|hochformat|vertical|retrato|verticale|staand)\b(?: orientation| mode| format)?/,
  );
  if (landscape) {
    request.orientation = 'landscape';
    scan.consumeMatch(landscape);
  }
  if (portrait && (!landscape || portrait.index > landscape.index)) {
    request.orientation = 'portrait';
    scan.consumeMatch(portrait);
  }
}

const COLOUR_NAMES = Object.keys(COLOURS).sort((a, b) => b.length - a.length);

/** The accent: a #hex, or the first colour named. */
export function detectColour(scan: Scan): { hex: string; name: string } | undefined {
  const hex = scan.first(/#([0-9a-f]{6}|[0-9a-f]{3})\b/);
  let found: { hex: string; name: string; index: number } | undefined;
  if (hex) {
    const h = hex[1] as string;
    found = {
      hex: `#${h.length === 3 ? h.replace(/./g, (c) => c + c) : h}`,
      name: hex[0],
      index: hex.index,
    };
    scan.consumeMatch(hex);
  }
  for (const name of COLOUR_NAMES) {
    for (const match of scan.all(
      new RegExp(`\\b${name}\\b(?:[ -](?:accents?|colou?rs?|themed?|headers?|headings?))?`),
    )) {
      if (!found || match.index < found.index) found = { hex: COLOURS[name] as string, name, index: match.index };
      scan.consumeMatch(match);
    }
  }
  return found ? { hex: found.hex, name: found.name } : undefined;
}

export function detectFont(scan: Scan): FontKind | undefined {
  let found: { kind: FontKind; index: number } | undefined;
  for (const [kind, names] of FONT_WORDS) {
    for (const name of names) {
      for (const match of scan.all(
        new RegExp(
          `\\b${name.replace(/[-]/g, '[- ]')}\\b(?:[ -](?:fonts?|typeface|type|police|schrift(?:art)?|fuente|fonte|carattere|lettertype))?`,
        ),
      )) {
        if (!found || match.index < found.index) found = { kind, index: match.index };
        scan.consumeMatch(match);
      }
    }
  }
  return found?.kind;
}

export function detectSize(scan: Scan): number | undefined {
  const points = scan.first(
    /\b(?:font[- ]size|text size|size|taille|schriftgrosse|tamano|tamanho|dimensione)?\s*(?:of\s+)?(\d{1,2}(?:\.\d)?)\s*(pt|px|points?)\b(?:\s+(?:fonts?|text|type|letters))?/,
  );
  if (points) {
    scan.consumeMatch(points);
    const n = Number(points[1]);
    return points[2] === 'px' ? Math.round(n * 0.75 * 2) / 2 : n;
  }
  const larger = scan.first(/\b(large|larger|big|bigger)\s+(text|font|type|print)\b/);
  if (larger) {
    scan.consumeMatch(larger);
    return 11;
  }
  const smaller = scan.first(/\b(small|smaller|compact|tiny)\s+(text|font|type|print)\b|\bcompact\b/);
  if (smaller) {
    scan.consumeMatch(smaller);
    return 8.5;
  }
  return undefined;
}

function detectCurrency(scan: Scan): string | undefined {
  const table: [RegExp, string][] = [
    [/€|\beur\b|\beuros?\b/, 'EUR'],
    [/£|\bgbp\b|\bpounds? sterling\b|\bpounds\b/, 'GBP'],
    [/\bchf\b|\bswiss francs?\b/, 'CHF'],
    [/\bcad\b|\bcanadian dollars?\b/, 'CAD'],
    [/\baud\b|\baustralian dollars?\b/, 'AUD'],
    [/\bjpy\b|\byen\b|¥/, 'JPY'],
    [/\bbrl\b|\breais\b|\bR\$/, 'BRL'],
    [/\$|\busd\b|\bdollars?\b/, 'USD'],
  ];
  const original = scan.original.toLowerCase();
  for (const [pattern, code] of table) {
    if (pattern.test(original)) {
      for (const match of scan.all(pattern)) scan.consumeMatch(match);
      return code;
    }
  }
  return undefined;
}

const TITLE_STOP = new Set(
  (
    'a an the create make generate design build write draft need want i me please simple nice professional modern clean ' +
    'basic new my our for of une un cree creer fais faire genere eine ein erstelle erstellen mache una uno crea crear genera ' +
    'cria criar gera um uma een maak maken genereer mijn mon ma mes meine mi mio mia meu minha beautiful pretty good short ' +
    'long detailed standard default quick formal template templates model modele vorlage plantilla modelo sjabloon ' +
    'can you could would like to some give'
  ).split(' '),
);

/** The words that qualify the document's name ("monthly sales" report, certificate "of completion"). */
function titleAround(scan: Scan, start: number, end: number, docType: DocType, lang: Lang): string | undefined {
  if (!['report', 'certificate', 'statement', 'minutes', 'letter', 'document'].includes(docType)) return undefined;
  const before: [number, number][] = [];
  if (lang === 'en' || lang === 'de' || lang === 'nl') {
    const head = scan.work.slice(0, start);
    const tokens = [...head.matchAll(/[\p{L}\p{N}&'-]+/gu)];
    for (let i = tokens.length - 1; i >= 0 && before.length < 3; i--) {
      const t = tokens[i] as RegExpMatchArray;
      const s = t.index ?? 0;
      const gapEnd = before.length ? (before[0] as [number, number])[0] : start;
      if (/[^\s]/.test(head.slice(s + t[0].length, gapEnd).replace(/\s/g, ''))) break;
      if (TITLE_STOP.has(t[0]) || /\s{3,}/.test(scan.work.slice(s + t[0].length, gapEnd))) break;
      before.unshift([s, s + t[0].length]);
    }
  }
  let after: [number, number] | undefined;
  const tail = scan.work.slice(end);
  const ofPhrase =
    /^\s+(?:of|de|di|van|do|da|du|des|über)\s+((?:[\p{L}'-]+)(?:\s+(?!and\b|with\b|for\b|et\b|avec\b|mit\b|und\b|con\b|y\b|e\b|en\b)[\p{L}'-]+)?)/u.exec(
      tail,
    );
  if (ofPhrase && !TITLE_STOP.has(ofPhrase[1]?.split(' ')[0] ?? '')) after = [end, end + ofPhrase[0].length];
  else if (lang !== 'en' && lang !== 'de' && lang !== 'nl') {
    const adjective =
      /^\s+((?!avec\b|con\b|com\b|met\b|et\b|y\b|e\b|en\b|in\b|sur\b|para\b|per\b|pour\b)[\p{L}'-]{4,})\b/u.exec(tail);
    if (adjective) after = [end, end + adjective[0].length];
  }
  if (before.length === 0 && !after) return undefined;
  const from = before.length ? (before[0] as [number, number])[0] : start;
  const to = after ? after[1] : end;
  const text = scan.text(from, to).replace(/\s+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function detectDocType(
  scan: Scan,
  lang: Lang,
  only?: [DocType, string[]],
): { type: DocType; found: boolean; title?: string } {
  let best: { type: DocType; index: number; length: number; word: string } | undefined;
  const lists: [DocType, string[]][] = only ? [only] : [...DOC_TYPE_WORDS];
  if (!only && (lang === 'de' || lang === 'nl')) lists.push(['letter', ['brief']]);
  if (!only && (lang === 'es' || lang === 'pt')) lists.push(['minutes', ['acta', 'ata']]);
  // German and Dutch write compounds: "Monatsbericht" is a report, "Verkaufsrechnung" an invoice.
  const compound = lang === 'de' || lang === 'nl' ? '[\\p{L}]*' : '';
  for (const [type, names] of lists) {
    for (const name of names) {
      const match = scan.first(new RegExp(`\\b${compound}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`, 'u'));
      if (!match) continue;
      if (!best || match.index < best.index || (match.index === best.index && match[0].length > best.length))
        best = { type, index: match.index, length: match[0].length, word: name };
    }
  }
  if (!best) return { type: 'document', found: false };
  const whole = scan.text(best.index, best.index + best.length);
  const title =
    fold(whole).replace(/s$/, '') !== fold(best.word) && compound
      ? whole.charAt(0).toUpperCase() + whole.slice(1)
      : titleAround(scan, best.index, best.index + best.length, best.type, lang);
  // Every mention of the type is now understood ("invoice number" leaves "number").
  for (const [type, names] of lists) {
    if (type !== best.type) continue;
    for (const name of names)
      for (const m of scan.all(new RegExp(`\\b${compound}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`, 'u')))
        scan.consumeMatch(m);
  }
  return { type: best.type, found: true, ...(title ? { title } : {}) };
}

const COLUMN_TRIGGER =
  /\b(?:(?:the\s+)?following\s+)?(?:columns?|colonnes?|spalten?|columnas?|colunas?|colonn[ae]|kolommen|kolom|column headings|headings)\b\s*(?:(?:for|named|called|like|de|pour|fur|para|per|voor|of)\s+|:\s*)?/;

const TABLE_WORD = '(?:table|tableau|tabelle|tabla|tabela|tabella|tabel|list|liste|lista|lijst|grid)';
const LIST_LINK = '(?:of|des|de|du|der|mit|von|met|van|di|dei|delle|degli|dos|das|with|for|pour|fur|para|per|voor)';
const ROW_NOUN_LIST = Object.keys(ROW_NOUNS).sort((a, b) => b.length - a.length);
const ROW_NOUN_PATTERN = new RegExp(
  `(\\b${TABLE_WORD}\\s+(?:${LIST_LINK}\\s+)?(?:(?:the|all|les|den|die|los|las|os|as|i|gli|le|de)\\s+)?)?\\b(${ROW_NOUN_LIST.join('|')})\\b(\\s*(?:\\(|:|(?:with|avec|mit|con|com|met|showing|including|having|listing|containing|comprenant|avec les|mit den)\\b))?`,
);

/** Words that name a feature but are not columns when they come in a column list with an article ("and a logo"). */
const FEATURE_ITEM = /^(a|an|un|une|ein|eine|einen|una|um|uma|een)\s/;

function isFeatureItem(scan: Scan, item: ListItem, lang: Lang): boolean {
  const f = fold(item.text);
  // The words as written, article included ("a total" is the totals row; "total" is a column).
  const raw = fold(scan.text(item.start, item.end));
  for (const [feature, pattern] of FEATURE_PATTERNS) {
    if (!pattern.test(f)) continue;
    if (['logo', 'qr', 'barcode', 'pageNumbers', 'signature', 'terms'].includes(feature)) return true;
    if (FEATURE_ITEM.test(raw)) return true;
  }
  return lang === 'en' && /^(page numbers?)$/.test(f);
}

function readColumns(scan: Scan, request: Request): void {
  const add = (items: ListItem[]) => {
    for (const item of items) {
      if (isFeatureItem(scan, item, request.language)) continue;
      const n = named(item.text);
      if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
      scan.consume(item.start, item.end);
    }
  };
  for (const match of scan.all(COLUMN_TRIGGER)) {
    const start = match.index + match[0].length;
    const { items } = readList(scan, start, request.language);
    if (items.length === 0) {
      // "with product, qty and unit cost columns": the list comes before the word.
      const head = scan.work.slice(0, match.index);
      const lead = [...head.matchAll(/\b(?:with|including|showing|has|having|avec|mit|con|com|met)\b|[.;:]/g)].pop();
      if (!lead) continue;
      const from = (lead.index ?? 0) + lead[0].length;
      scan.consume(match.index, match.index + match[0].length);
      const before = readList(scan, from, request.language).items.filter((i) => i.end <= match.index);
      if (before.length === 0) continue;
      request.tableAsked = true;
      add(before);
      continue;
    }
    request.tableAsked = true;
    scan.consume(match.index, start);
    add(items.filter((i) => !isFeatureItem(scan, i, request.language)));
  }
  // "a table of products with name, weight and price", "line items (sku, description, qty)".
  for (const match of scan.all(ROW_NOUN_PATTERN)) {
    const hasTableWord = Boolean(match[1]);
    const hasList = Boolean(match[3]);
    if (!hasTableWord && !hasList) continue;
    request.tableAsked = true;
    request.tableNoun ??= ROW_NOUNS[match[2] as string];
    const start = match.index + match[0].length;
    scan.consume(match.index, start);
    if (hasList) {
      const { items } = readList(scan, start, request.language);
      if (request.columns.length === 0) add(items);
    }
  }
}

const FIELD_TRIGGER =
  /(?::|\b(?:with|avec|mit|con|com|met|including|include|includes|showing|shows|show|containing|contains|featuring|has|have|having|fields?|champs?|felder|campos?|campi|velden|comprenant|incluant|inklusive|incluyendo|incluindo|includendo|plus)\b\s*:?)\s*/;

/** Names that say nothing about data ("a nice header", "details"). */
const NOT_A_FIELD = new Set(
  (
    'header footer border borders details detail information info data layout style design colours colors color colour ' +
    'font fonts text sections section space spacing margin margins table tables everything all the usual usual things ' +
    'stuff fields columns lines heading headings title branding brand look feel bold it them this that entete pied ' +
    'kopfzeile fusszeile encabezado cabecalho intestazione koptekst seitenzahl items products rows entries ' +
    'cards kpi cards tiles kpis figures'
  ).split(' '),
);

const PARTY_LINE =
  /^(.*?)\s+(name|address|email|e-mail|phone|nom|adresse|name|anschrift|nombre|direccion|nome|morada|indirizzo|naam|adres)$/;

/** "nom du client", "Name des Kunden", "nombre del participante": a party's line written noun first. */
const PARTY_LINE_FIRST =
  /^(?:name|nom|nombre|nome|naam|adresse|address|anschrift|direccion|indirizzo|adres|morada)\s+(?:of|du|de la|de l'|de|des|del|der|vom|von|van|di|do|da|della|dello)(?:\s+|(?<='))(?:the |la |le |el |los |las |les )?(.+)$/;
/** German and Dutch write it as one word: "Kundenname", "Kundenadresse". */
const PARTY_LINE_COMPOUND = /^(.{3,}?)(?:name|adresse|anschrift|naam|adres)$/;

function ownerOfLine(folded: string): string | undefined {
  const owner = PARTY_LINE_FIRST.exec(folded)?.[1] ?? PARTY_LINE_COMPOUND.exec(folded)?.[1];
  const concept = owner ? conceptOf(owner) : undefined;
  return concept && CONCEPTS[concept]?.party ? concept : undefined;
}

function readFields(scan: Scan, request: Request): void {
  for (const match of scan.all(FIELD_TRIGGER)) {
    const start = match.index + match[0].length;
    const { items } = readList(scan, start, request.language);
    for (const item of items) {
      const f = fold(item.text);
      if (!f || NOT_A_FIELD.has(f) || /\b(table|tableau|tabelle|tabla|tabella|tabel)\b/.test(f)) continue;
      if (f.split(' ').length > 4) continue;
      // A party, or a party's name/address ("client name", "supplier address").
      const concept = conceptOf(item.text);
      if (concept && CONCEPTS[concept]?.party) {
        if (!request.parties.includes(concept)) request.parties.push(concept);
        scan.consume(item.start, item.end);
        continue;
      }
      const line = PARTY_LINE.exec(f);
      const owner = line ? conceptOf(line[1] as string) : ownerOfLine(f);
      if (owner && CONCEPTS[owner]?.party) {
        if (!request.parties.includes(owner)) request.parties.push(owner);
        scan.consume(item.start, item.end);
        continue;
      }
      const n = named(item.text);
      if (!request.fields.some((x) => x.key === n.key) && !request.columns.some((c) => c.key === n.key))
        request.fields.push(n);
      scan.consume(item.start, item.end);
    }
  }
}

const TITLE_END = new Set(
  'with avec mit con com met for pour fur para per voor in on en auf that which including showing to'.split(' '),
);

/**
 * The name of a document no kind matched, from the request's first words ("Wedding invitation for June" →
 * "Wedding invitation"), so a general document is not titled "Document". Two to five words, or none.
 */
export function generalTitle(prompt: string): string | undefined {
  const words: string[] = [];
  for (const raw of prompt.trim().split(/\s+/)) {
    const word = raw.replace(/[^\p{L}\p{N}'’-]/gu, '');
    const f = fold(word);
    if (!word || TITLE_END.has(f)) break;
    if (words.length === 0 && TITLE_STOP.has(f)) continue;
    if (TITLE_STOP.has(f)) break;
    words.push(word);
    if (/[,.;:!?]$/.test(raw) || words.length === 5) break;
  }
  if (words.length < 2) return undefined;
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Reads a request for a new template. */
export function readRequest(prompt: string): Request {
  const scan = new Scan(prompt);
  const request: Request = {
    docType: 'document',
    docTypeFound: false,
    language: 'en',
    languageExplicit: false,
    columns: [],
    tableAsked: false,
    fields: [],
    parties: [],
    features: new Set(),
    unsupported: [],
  };
  const quoted = scan.first(
    /\b(?:titled|title|called|named|heading|intitule|titre|titel|titulado|titulo|intitolato|titolo)\s*:?\s*"([^"\n]{1,80})"/,
  );
  if (quoted) {
    const inner = quoted[0].indexOf('"') + quoted.index + 1;
    request.title = scan.text(inner, inner + (quoted[1] as string).length);
    scan.consumeMatch(quoted);
  }
  const language = detectLanguage(scan);
  request.language = language.lang;
  request.languageExplicit = language.explicit;
  // Japanese is read by its own rules first; the word rules below then read what is left (A4, #hex, fonts).
  const japanese = isJapanesePrompt(scan.original);
  if (japanese) readJapanese(scan, request);
  detectPage(scan, request);
  const colour = detectColour(scan);
  if (colour) {
    request.accent = colour.hex;
    request.accentName = colour.name;
  }
  const font = detectFont(scan);
  if (font) request.font = font;
  const size = detectSize(scan);
  if (size) request.size = size;
  const currency = detectCurrency(scan);
  if (currency) request.currency = currency;
  const chart = readChart(scan);
  if (chart) {
    request.chart = chart;
    request.features.add('chart');
  }
  for (const [what, pattern] of UNSUPPORTED) {
    const matches = scan.all(pattern);
    if (matches.length === 0) continue;
    request.unsupported.push(what);
    // "a pie chart of expenses" is one thing the generator cannot draw, not a field called "chart of expenses".
    for (const m of matches) {
      const tail =
        /^(?:\s+(?:chart|graph|diagram)s?)?(?:\s+(?:of|showing|for|with)\s+(?:the\s+)?[\p{L}]+(?:\s+[\p{L}]+)?)?/u.exec(
          scan.work.slice(m.index + m[0].length),
        );
      scan.consume(m.index, m.index + m[0].length + (tail?.[0].length ?? 0));
    }
  }
  // What a code holds is read before the kind, whose words would take "ticket" from "the ticket number".
  request.markValues = readMarkValues(scan);
  // A Japanese request has named its kind by its own rules (ja/read.ts).
  if (!request.docTypeFound) {
    // The kind by retrieval over every kind's words; the words of the one found are then read as its base type's.
    const retrieved = retrieveKind(scan.work, request.language);
    const lists: [DocType, string[]] | undefined = retrieved
      ? [retrieved.base, [...retrieved.words].sort((a, b) => b.length - a.length)]
      : undefined;
    const doc = lists ? detectDocType(scan, request.language, lists) : { type: 'document' as DocType, found: false };
    if (retrieved && doc.found) request.kind = retrieved.id;
    request.docType = doc.type;
    request.docTypeFound = doc.found;
    // Words around the document's name are in the prompt's language: a title only when the labels are too.
    // Labels, tickets and cards carry their kind's name in a small band; the words around it are not a title.
    const layout = kindById(request.kind)?.layout;
    const compact = layout === 'label' || layout === 'ticket' || layout === 'card';
    if (doc.title && !request.title && !compact && !(request.languageExplicit && request.language !== 'en'))
      request.title = doc.title;
  }
  if (!japanese) {
    readColumns(scan, request);
    readListPhrases(scan, request);
    readPluralList(scan, request, FIELD_TRIGGER);
  }
  for (const [feature, pattern] of FEATURE_PATTERNS) {
    for (const match of scan.all(pattern)) {
      // German "Firma" is a company, not a signature.
      if (feature === 'signature' && request.language === 'de' && /^firma/.test(match[0])) continue;
      request.features.add(feature);
      scan.consumeMatch(match);
    }
  }
  if (!japanese) readFields(scan, request);
  return request;
}
