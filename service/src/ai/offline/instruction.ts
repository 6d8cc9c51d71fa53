import { type ChartAsk, readChart } from './charts';
import { layoutOps } from './layout-words';
import { Scan } from './scan';
import type { FontKind, Lang, PageSizeName, Placement, SectionKind, TotalsPlacement } from './spec';
import { LANGUAGES } from './spec';
import { capitalize } from './text';
import { detectColour, detectFont } from './understand';
import { LANGUAGE_WORDS } from './vocabulary';
import { FEATURE_PATTERNS, FEATURE_SECTIONS, type Feature, UNSUPPORTED } from './words';

/**
 * What a refinement asks, as a list of operations. An instruction is split into clauses ("make it landscape and
 * add a QR code" is two), French, German and Spanish verbs are read as their English equivalents, and each clause
 * becomes one or more operations. A clause nothing understands becomes `unknown`, so the reply can say so.
 */
export type Kind = 'column' | 'field' | 'section';

export type Op =
  | {
      op: 'add';
      kind?: Kind;
      name: string;
      before?: string;
      after?: string;
      /** "a discount column that is subtracted": the column changes the line amount. */
      effect?: 'subtract' | 'add';
      /** "a discount % column": a share of the line rather than an amount. */
      percent?: boolean;
    }
  /** "subtract it from the amount": the named column (else the one just added) changes the line amount. */
  | { op: 'effect'; name?: string; effect: 'subtract' | 'add' }
  | { op: 'placeLogo'; at: Placement }
  | { op: 'placeTotals'; at: TotalsPlacement }
  | { op: 'numbered'; section: 'terms' | 'notes'; on: boolean }
  | { op: 'currency'; code: string }
  | { op: 'decimals'; n: number; of: 'money' | 'numbers' }
  | { op: 'remove'; kind?: Kind; name: string }
  | { op: 'rename'; kind?: Kind; name: string; to: string }
  | { op: 'move'; kind?: Kind; name: string; where: 'before' | 'after' | 'first' | 'last'; ref?: string }
  | { op: 'swap'; a: string; b: string }
  | { op: 'order'; names: string[] }
  | { op: 'section'; section: SectionKind; on: boolean; chart?: ChartAsk }
  | { op: 'feature'; feature: 'logo' | 'pageNumbers' | 'totals'; on: boolean }
  | { op: 'colour'; hex: string; name: string }
  | { op: 'font'; font: FontKind }
  | { op: 'size'; pt?: number; factor?: number }
  | { op: 'orientation'; value: 'portrait' | 'landscape' }
  | { op: 'pageSize'; value: PageSizeName }
  | { op: 'customSize'; label: string; width_mm: number; height_mm: number }
  | { op: 'margins'; mm?: number; factor?: number }
  | { op: 'language'; lang: Lang }
  | { op: 'title'; text: string }
  | { op: 'unsupported'; what: string }
  /** Something understood that this provider cannot do, with the reason and what it can do instead. */
  | { op: 'cannot'; reason: string }
  | { op: 'unknown'; text: string };

/** Verbs and nouns of other languages, as the English the patterns read. */
const WORD_MAP: Record<string, string> = {
  ajoute: 'add',
  ajouter: 'add',
  ajoutez: 'add',
  rajoute: 'add',
  rajouter: 'add',
  hinzufugen: 'add',
  fuge: 'add',
  fugen: 'add',
  erganze: 'add',
  erganzen: 'add',
  anade: 'add',
  anadir: 'add',
  agrega: 'add',
  agregar: 'add',
  adiciona: 'add',
  adicionar: 'add',
  acrescenta: 'add',
  aggiungi: 'add',
  aggiungere: 'add',
  voeg: 'add',
  supprime: 'remove',
  supprimer: 'remove',
  supprimez: 'remove',
  retire: 'remove',
  retirer: 'remove',
  enleve: 'remove',
  enlever: 'remove',
  entferne: 'remove',
  entfernen: 'remove',
  losche: 'remove',
  loschen: 'remove',
  elimina: 'remove',
  eliminar: 'remove',
  quita: 'remove',
  quitar: 'remove',
  borra: 'remove',
  rimuovi: 'remove',
  verwijder: 'remove',
  renomme: 'rename',
  renommer: 'rename',
  renommez: 'rename',
  benenne: 'rename',
  umbenennen: 'rename',
  renombra: 'rename',
  renombrar: 'rename',
  renomeia: 'rename',
  rinomina: 'rename',
  hernoem: 'rename',
  deplace: 'move',
  deplacer: 'move',
  verschiebe: 'move',
  verschieben: 'move',
  mueve: 'move',
  mover: 'move',
  sposta: 'move',
  verplaats: 'move',
  traduis: 'translate',
  traduire: 'translate',
  traduisez: 'translate',
  ubersetze: 'translate',
  ubersetzen: 'translate',
  traduce: 'translate',
  traducir: 'translate',
  traduz: 'translate',
  traduci: 'translate',
  vertaal: 'translate',
  droite: 'right',
  derecha: 'right',
  rechts: 'right',
  destra: 'right',
  direita: 'right',
  rechterkant: 'right',
  gauche: 'left',
  izquierda: 'left',
  sinistra: 'left',
  esquerda: 'left',
  linkerkant: 'left',
  centre: 'center',
  centro: 'center',
  milieu: 'center',
  mittig: 'center',
  zentriert: 'center',
  midden: 'center',
  mets: 'put',
  mettre: 'put',
  mettez: 'put',
  placez: 'put',
  setze: 'put',
  platziere: 'put',
  pon: 'put',
  poner: 'put',
  coloca: 'put',
  colocar: 'put',
  metti: 'put',
  zet: 'put',
  colonne: 'column',
  colonnes: 'columns',
  spalte: 'column',
  spalten: 'columns',
  columna: 'column',
  columnas: 'columns',
  coluna: 'column',
  colunas: 'columns',
  kolom: 'column',
  kolommen: 'columns',
  champ: 'field',
  feld: 'field',
  campo: 'field',
  veld: 'field',
  avant: 'before',
  apres: 'after',
  vor: 'before',
  nach: 'after',
  antes: 'before',
  despues: 'after',
  depois: 'after',
  prima: 'before',
  dopo: 'after',
  voor: 'before',
  na: 'after',
  hinzu: '',
  toe: '',
  um: '',
};

const VERBS =
  'add|remove|delete|drop|hide|rename|move|put|place|make|change|set|use|switch|translate|swap|include|show|insert|increase|decrease|reduce|enlarge|replace|call|reorder|order|turn|give|get|without|subtract|deduct|align|number|center';

const EXTRA_LANGUAGE_WORDS: Partial<Record<Lang, string[]>> = {
  en: ['englische', 'englisch', 'anglais', 'ingles'],
  fr: ['franzosische', 'frances'],
  de: ['deutsche', 'deutsch', 'aleman', 'allemand'],
  es: ['spanische', 'espanol', 'espagnol'],
};

/** Folded like every word list (lower case, no accents), but keeping the commas and colons that separate lists. */
function normalise(instruction: string): string {
  return (
    instruction
      // Currency signs are words here ("show prices in €"), before the sign is folded away.
      .replace(/€/g, ' eur ')
      .replace(/£/g, ' gbp ')
      .replace(/\$(?=\s|$)/g, ' usd ')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\u2019`\u00b4]/g, "'")
      .replace(/[^a-z0-9#'%&+\-./,:;!? ]+/g, ' ')
      .replace(/([,:;])/g, ' $1 ')
      .split(/(\s+)/)
      .map((w) => (w in WORD_MAP ? (WORD_MAP[w] as string) : w))
      .join('')
      .replace(/\s+/g, ' ')
      .replace(/\s+([,:;])/g, '$1')
      .trim()
  );
}

function clauses(text: string): string[] {
  const verbAhead = `(?=(?:please |also |then )?(?:${VERBS})\\b)`;
  return text
    .split(
      new RegExp(
        `[.;!?\\n]+|,\\s*(?:and\\s+|then\\s+)?${verbAhead}|\\s+(?:and|then|and then|also|plus|et|und|y|e|en)\\s+${verbAhead}`,
      ),
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

function languageIn(text: string): Lang | undefined {
  for (const lang of LANGUAGES) {
    for (const word of [...LANGUAGE_WORDS[lang], ...(EXTRA_LANGUAGE_WORDS[lang] ?? [])]) {
      if (new RegExp(`\\b${word}\\b`).test(text)) return lang;
    }
  }
  return undefined;
}

const ARTICLES =
  /^(?:(?:a|an|the|some|new|another|un|une|le|la|les|l'|des|du|eine?n?|der|die|das|den|el|los|las|una?)\s+)+/;

/** A list of names: "the SKU and weight columns" → [sku, weight] with kind column. */
function names(text: string): { items: string[]; kind?: Kind } {
  let kind: Kind | undefined;
  let body = text.trim().replace(ARTICLES, '');
  const trailing = /\s+(columns?|fields?|sections?|headings?|rows?|labels?)$/.exec(body);
  if (trailing) {
    kind = trailing[1]?.startsWith('column')
      ? 'column'
      : /^(section|heading)/.test(trailing[1] ?? '')
        ? 'section'
        : 'field';
    body = body.slice(0, trailing.index);
  }
  const leading =
    /^(?:new\s+)?(columns?|fields?|sections?|headings?|sub-?headings?)\s+(?:for\s+|called\s+|named\s+|with\s+|titled\s+)?/.exec(
      body,
    );
  if (leading) {
    kind = leading[1]?.startsWith('column')
      ? 'column'
      : /^(section|heading|sub)/.test(leading[1] ?? '')
        ? 'section'
        : 'field';
    body = body.slice(leading[0].length);
  }
  const items = body
    .split(/\s*,\s*|\s+(?:and|&|et|und|y|e|en)\s+/)
    .map((s) =>
      s
        .replace(ARTICLES, '')
        .replace(/^['"]|['"]$/g, '')
        .replace(/\s+(column|field|section|row|label)$/, '')
        .trim(),
    )
    .filter(Boolean);
  return { items, ...(kind ? { kind } : {}) };
}

function feature(text: string): Feature | undefined {
  for (const [name, pattern] of FEATURE_PATTERNS) if (pattern.test(text)) return name;
  return undefined;
}

function featureOp(f: Feature, on: boolean, text = ''): Op {
  const section = FEATURE_SECTIONS[f];
  // "a pie chart of expenses": the type and what it shows come with it.
  if (section === 'chart' && on)
    return { op: 'section', section, on, chart: readChart(new Scan(text)) ?? { type: 'bar' } };
  if (section) return { op: 'section', section, on };
  return { op: 'feature', feature: f as 'logo' | 'pageNumbers' | 'totals', on };
}

/** "that is subtracted (from the amount)", "to be added to the total": how a new column changes the line amount. */
const EFFECT =
  /\s+(?:(?:that|which)\s+(?:is\s+|gets\s+|are\s+)?|to\s+be\s+)?(subtracted|deducted|taken off|added)(?:\s+(?:from|to|on|in(?:to)?)\s+(?:the\s+|each\s+)?(?:line\s+)?(?:amounts?|totals?|prices?|lines?|subtotal|line total))?\s*$/;

/** One name in an add/remove list: a feature ("a logo"), or a column or field. */
function listOps(kindOf: 'add' | 'remove', text: string, original: string): Op[] {
  const ops: Op[] = [];
  const effect = kindOf === 'add' ? EFFECT.exec(text) : null;
  const rest = effect ? text.slice(0, effect.index) : text;
  const position = kindOf === 'add' ? /\s+(before|after)\s+(?:the\s+)?(.+)$/.exec(rest) : null;
  const body = position ? rest.slice(0, position.index) : rest;
  const { items: listed, kind: listedKind } = names(body);
  let kind = listedKind;
  const items: string[] = [];
  const leftover: string[] = [];
  // "a price column in dollars": the column is "price"; what follows it is said back as not understood.
  for (const entry of listed) {
    const split = /^(.+?)\s+(columns?|fields?)\s+(.+)$/.exec(entry);
    if (!split) {
      items.push(entry);
      continue;
    }
    items.push(split[1] as string);
    kind = (split[2] as string).startsWith('column') ? 'column' : 'field';
    leftover.push(split[3] as string);
  }
  for (const text of leftover) ops.push({ op: 'unknown', text });
  for (const item of items) {
    // What is left of a clause whose colour was taken ("..., en vert" leaves "en").
    if (item.length < 3 || /^(in|en|im|em|with|avec|mit|con|com|and|et|und|y|on|to|it)$/.test(item)) continue;
    const f = kind === 'column' ? undefined : feature(item);
    // "notes" alone is the notes section; "a notes column" is a column.
    if (f && (f !== 'totals' || kind === undefined)) {
      ops.push(featureOp(f, kindOf === 'add', item));
      continue;
    }
    if (kind === 'section' && kindOf === 'add') {
      ops.push({
        op: 'cannot',
        reason: `I can't add a section or heading of your own ("${originalWords(original, item)}"): I have notes, terms, a summary, payment details, a signature, a QR code and a barcode, and you can rename their headings ("rename the notes heading to ${capitalize(originalWords(original, item))}").`,
      });
      continue;
    }
    const percent = /\s*(%|percent(?:age)?)\s*|\s+(?:in|as)\s+(?:a\s+)?(?:%|percent(?:age)?)$/;
    const share = kindOf === 'add' && percent.test(item);
    const label = originalWords(original, share ? item.replace(percent, ' ').trim() : item);
    if (kindOf === 'add') {
      ops.push({
        op: 'add',
        name: label,
        ...(effect ? { effect: effect[1] === 'added' ? ('add' as const) : ('subtract' as const) } : {}),
        ...(share ? { percent: true } : {}),
        ...(kind ? { kind } : {}),
        ...(position?.[1] === 'before' ? { before: position[2] as string } : {}),
        ...(position?.[1] === 'after' ? { after: position[2] as string } : {}),
      });
    } else ops.push({ op: 'remove', name: label, ...(kind ? { kind } : {}) });
  }
  return ops;
}

/** The words as the user wrote them (capitals and accents), found back in the instruction. */
function originalWords(original: string, folded: string): string {
  const scan = new Scan(original);
  const at = scan.work.indexOf(folded);
  if (at >= 0) return scan.text(at, at + folded.length);
  return folded;
}

type Reader = [pattern: RegExp, read: (m: RegExpExecArray, original: string) => Op[]];

const words = (original: string, text: string | undefined) => originalWords(original, text ?? '');

/** Clauses about the structure: renaming, titles, swapping, ordering and moving. The first that matches reads. */
const STRUCTURE: Reader[] = [
  [
    /\b(?:rename|call|relabel)\s+(?:the\s+)?(.+?)\s+(?:column\s+|field\s+|section\s+|label\s+|heading\s+)?(?:to|as|into|in|en|a|como|naar|->|→)\s+(.+)$/,
    (m, original) => {
      const from = names(m[1] as string);
      const to = words(original, (m[2] as string).replace(/^(?:the\s+|"|')|["']$/g, '').trim());
      if (/^(title|heading|document title)$/.test(from.items[0] ?? '')) return [{ op: 'title', text: to }];
      return [{ op: 'rename', name: words(original, from.items[0]), to, ...(from.kind ? { kind: from.kind } : {}) }];
    },
  ],
  [
    /\b(?:(?:change|set|make)\s+(?:the\s+)?(?:document\s+)?(?:title|heading)\s+(?:to|as|into)|title it)\s+(.+)$/,
    (m, original) => [{ op: 'title', text: words(original, (m[1] as string).replace(/^["']|["']$/g, '')) }],
  ],
  [
    /\bchange\s+(?:the\s+)?(.+?)\s+(?:label|heading|header|column header)\s+(?:to|into)\s+(.+)$/,
    (m, original) => [{ op: 'rename', name: words(original, m[1]), to: words(original, m[2]) }],
  ],
  [
    /\bswap\s+(?:the\s+)?(.+?)\s+(?:and|with)\s+(?:the\s+)?(.+?)(?:\s+columns?|\s+fields?|\s+sections?)?$/,
    (m, original) => [{ op: 'swap', a: words(original, m[1]), b: words(original, m[2]) }],
  ],
  [
    /\b(?:re)?order\s+(?:the\s+)?(?:columns?|fields?)\s*(?:as|to|like|:)?\s*:?\s*(.+)$/,
    (m, original) => [{ op: 'order', names: names(m[1] as string).items.map((n) => words(original, n)) }],
  ],
  [
    /\b(?:move|put|place)\s+(?:the\s+)?(.+?)\s+(before|after|above|below|ahead of|in front of|to the (?:start|end|top|bottom|left|right|front|beginning)|at the (?:start|end|top|bottom|beginning)|first|last)\b\s*(?:of\s+)?(?:the\s+)?(.*)$/,
    (m, original) => {
      const target = names(m[1] as string);
      const raw = m[2] as string;
      const where: 'before' | 'after' | 'first' | 'last' = /before|above|ahead|front of/.test(raw)
        ? 'before'
        : /after|below/.test(raw)
          ? 'after'
          : /start|top|left|front|beginning|first/.test(raw)
            ? 'first'
            : 'last';
      let ref = (m[3] as string).replace(/\s+(column|field|section)s?$/, '').trim();
      // "to the end of the document" names no neighbour.
      if (where === 'first' || where === 'last') ref = ref.replace(/^(table|document|page|list|template)$/, '');
      return [
        {
          op: 'move',
          name: words(original, target.items[0]),
          where,
          ...(target.kind ? { kind: target.kind } : {}),
          ...(ref && (where === 'before' || where === 'after') ? { ref: words(original, ref) } : {}),
        },
      ];
    },
  ],
];

/** "subtract it from the amount", "deduct the discount from each line". */
const EFFECTS: Reader[] = [
  [
    /^(?:please\s+)?(subtract|deduct|add)\s+(?:it|them|this|that|the\s+(.+?))\s+(?:from|to|on)\s+(?:the\s+|each\s+)?(?:line\s+)?(?:amounts?|totals?|lines?|subtotal|line total|prices?)$/,
    (m, original) => [
      {
        op: 'effect',
        effect: m[1] === 'add' ? 'add' : 'subtract',
        ...(m[2] ? { name: originalWords(original, (m[2] as string).replace(/\s+columns?$/, '')) } : {}),
      },
    ],
  ],
];

/** Clauses that add or remove a list of things. */
const LISTS: Reader[] = [
  [
    /\b(?:remove|delete|drop|hide|without|get rid of|no more|no)\s+(?:the\s+|a\s+|an\s+)?(.+)$/,
    (m, original) => listOps('remove', m[1] as string, original),
  ],
  [
    /\b(?:add|include|insert|show|put in|also show|give it|with)\s+(.+)$/,
    (m, original) => listOps('add', m[1] as string, original),
  ],
  [/\b(?:turn on|enable)\s+(.+)$/, (m, original) => listOps('add', m[1] as string, original)],
  [/\b(?:turn off|disable)\s+(.+)$/, (m, original) => listOps('remove', m[1] as string, original)],
];

function firstReading(readers: Reader[], clause: string, original: string): Op[] | undefined {
  for (const [pattern, read] of readers) {
    const m = pattern.exec(clause);
    if (m) return read(m, original);
  }
  return undefined;
}

/** Colour, font, size, orientation and page size, with their words taken out of the clause. */
function lookOps(clause: string): { ops: Op[]; rest: string } {
  const ops: Op[] = [];
  const scan = new Scan(clause);
  const take = (pattern: RegExp): RegExpExecArray | undefined => {
    const found = scan.first(pattern);
    if (found) scan.consumeMatch(found);
    return found;
  };
  const colour = detectColour(scan);
  if (colour) ops.push({ op: 'colour', hex: colour.hex, name: colour.name });
  const font = /\b(font|typeface|serif|sans|mono|monospace|georgia|times|helvetica|arial|courier)\b/.test(clause)
    ? detectFont(scan)
    : undefined;
  if (font) ops.push({ op: 'font', font });
  const sizeWords = /\b(font|text|size|type|letters?)\b/.test(clause);
  const points = sizeWords
    ? take(/\b(?:font[- ]size |text size |size )?(?:to |of )?(\d{1,2}(?:\.\d)?)\s*(pt|px|points?)\b/)
    : undefined;
  if (points) {
    const n = Number(points[1]);
    ops.push({ op: 'size', pt: points[2] === 'px' ? Math.round(n * 0.75 * 2) / 2 : n });
  } else if (sizeWords && take(/\b(bigger|larger|increase|enlarge|grow|more readable)\b/)) {
    ops.push({ op: 'size', factor: 1.12 });
  } else if (sizeWords && take(/\b(smaller|decrease|reduce|shrink|tighter|compact)\b/)) {
    ops.push({ op: 'size', factor: 0.9 });
  }
  if (take(/\b(landscape|paysage|querformat|horizontal|apaisado)\b/))
    ops.push({ op: 'orientation', value: 'landscape' });
  else if (take(/\b(portrait|hochformat|vertical|retrato)\b/)) ops.push({ op: 'orientation', value: 'portrait' });
  const sized = /\b(size|paper|format|page|switch|make|use|to|on)\b/.test(clause);
  if (take(/\ba4\b/)) ops.push({ op: 'pageSize', value: 'A4' });
  else if (sized && take(/\b(us )?letter\b/)) ops.push({ op: 'pageSize', value: 'Letter' });
  else if (sized && take(/\b(us )?legal\b/)) ops.push({ op: 'pageSize', value: 'Legal' });
  return { ops, rest: scan.work.replace(/\s+/g, ' ').trim() };
}

function parseClause(clause: string, original: string): Op[] {
  const asksTranslation =
    /\btranslate\b/.test(clause) ||
    /\b(labels?|text|it|everything|version)\s+(in|into|to)\s+\w+/.test(clause) ||
    /^(?:make it |put it |switch to |change to |use )?(?:in|into|en|auf|al|em|ins)\s+\w+$/.test(clause);
  const lang = asksTranslation ? languageIn(clause) : undefined;
  if (lang) return [{ op: 'language', lang }];
  for (const [what, pattern] of UNSUPPORTED)
    if (pattern.test(clause) && !/\bremove|delete|drop\b/.test(clause)) return [{ op: 'unsupported', what }];
  const effect = firstReading(EFFECTS, clause, original);
  if (effect) return effect;
  // "the logo on the right, the totals on the left": two placements in one clause, read one at a time.
  const pair =
    /^(.*\b(?:logo|totals?)\b.*?\b(?:left|right|links|cent(?:er|re)d?|middle|box)\b)\s*(?:,|\band\b|;)\s*(.*\b(?:logo|totals?|terms|notes)\b.+)$/.exec(
      clause,
    );
  if (pair) return [...parseClause(pair[1] as string, original), ...parseClause(pair[2] as string, original)];
  const layout = layoutOps(clause);
  if (layout) {
    // "A5 landscape with 10 mm margins": the orientation, colour or font said with it count too.
    const page = layout.some((o) => o.op === 'customSize' || o.op === 'margins');
    const look = page ? lookOps(clause).ops.filter((o) => ['orientation', 'colour', 'font'].includes(o.op)) : [];
    return [...look, ...layout];
  }
  const structure = firstReading(STRUCTURE, clause, original);
  if (structure) return structure;
  // What is left after the look can still ask for something ("add a signature and a QR code, in green").
  const look = lookOps(clause);
  if (look.ops.length > 0) {
    const more = /\b(add|remove|delete|drop|hide|include|insert)\b/.test(look.rest)
      ? parseClause(look.rest, original)
      : [];
    return [...look.ops, ...more.filter((o) => o.op !== 'unknown')];
  }
  const listed = firstReading(LISTS, clause, original);
  if (listed) return listed;
  const f = feature(clause);
  if (f) return [featureOp(f, true, clause)];
  return [{ op: 'unknown', text: clause }];
}

export function parseInstruction(instruction: string): Op[] {
  const text = normalise(instruction);
  return clauses(text).flatMap((clause) => parseClause(clause, instruction));
}
