import type { Op } from './instruction';
import type { Placement, TotalsPlacement } from './spec';

/**
 * Clauses about where things go and how the page and numbers are set up: the logo's side, where the totals sit,
 * numbered terms, the currency, decimals, margins and page sizes that have no name in the page setup (A5, 4 × 6 in).
 * Each reader takes a clause already folded by instruction.ts (lower case, no accents, other languages' side words
 * read as "left"/"right"/"center") and answers the operations it asks for, or nothing when it is not about that.
 */

const REMOVING = /\b(remove|delete|drop|hide|without|no more)\b/;

function side(clause: string): Placement | undefined {
  if (/\b(cent(?:er|re)d?|middle)\b/.test(clause)) return 'center';
  if (/\bright\b/.test(clause)) return 'right';
  // German "links" is only a side next to a logo or totals; in English it is a noun.
  if (/\b(left|links)\b/.test(clause)) return 'left';
  return undefined;
}

/** A clause that adds or removes a column or field: its "in euros" or "with 2 decimals" describe that column. */
const ADDING = /\b(add|insert|include|remove|delete|columns?|fields?)\b/;

/** "put the logo on the right", "center the logo", "logo à droite", "Logo rechts". */
function logoPlacement(clause: string): Op[] | undefined {
  if (!/\blogos?\b/.test(clause) || REMOVING.test(clause)) return undefined;
  const at = side(clause);
  return at ? [{ op: 'placeLogo', at }] : undefined;
}

/** "put the totals in a summary box", "totals below the table on the left", "move the totals back into the table". */
function totalsPlacement(clause: string): Op[] | undefined {
  if (!/\b(totals?|grand total|subtotal)\b/.test(clause) || /\bcolumns?\b/.test(clause) || REMOVING.test(clause))
    return undefined;
  if (/\b(box|boxed|panel|card)\b/.test(clause)) return [{ op: 'placeTotals', at: 'box' }];
  if (/\b(in|into|inside|back in|back into)\s+the\s+table\b|\btable(?:'s)? footer\b|\bunder the columns\b/.test(clause))
    return [{ op: 'placeTotals', at: 'table' }];
  const at = side(clause);
  if (at === 'left' || at === 'right') return [{ op: 'placeTotals', at: at satisfies TotalsPlacement }];
  return undefined;
}

/** "make the terms a numbered list", "number the clauses", "notes as a numbered list"; "terms as a paragraph". */
function numbering(clause: string): Op[] | undefined {
  const section = /\b(terms|conditions|clauses|t&cs?)\b/.test(clause)
    ? 'terms'
    : /\bnotes?\b/.test(clause)
      ? 'notes'
      : undefined;
  if (!section) return undefined;
  if (/\b(not numbered|unnumbered|paragraph|plain text|no numbers|without numbers)\b/.test(clause))
    return [{ op: 'numbered', section, on: false }];
  if (/\b(numbered|numbering|enumerate[ds]?|ordered list)\b|^number\b|\bnumber (the|them|its)\b/.test(clause))
    return [{ op: 'numbered', section, on: true }];
  return undefined;
}

const CURRENCIES: [RegExp, string][] = [
  [/\b(eur|euros?)\b/, 'EUR'],
  [/\b(gbp|pounds?(?: sterling)?|sterling)\b/, 'GBP'],
  [/\b(chf|swiss francs?)\b/, 'CHF'],
  [/\b(cad|canadian dollars?)\b/, 'CAD'],
  [/\b(aud|australian dollars?)\b/, 'AUD'],
  [/\b(jpy|yen)\b/, 'JPY'],
  [/\b(brl|reais)\b/, 'BRL'],
  [/\b(usd|us dollars?|dollars?)\b/, 'USD'],
];

/** "change the currency to euros", "show prices in GBP", "amounts in €" (the sign arrives as "eur"). */
function currency(clause: string): Op[] | undefined {
  if (!/\b(currency|prices?|amounts?|money|totals?|in|into|to|use|switch)\b/.test(clause) || ADDING.test(clause))
    return undefined;
  for (const [pattern, code] of CURRENCIES) if (pattern.test(clause)) return [{ op: 'currency', code }];
  return undefined;
}

const COUNT: Record<string, number> = { no: 0, zero: 0, without: 0, one: 1, two: 2, three: 3, four: 4 };

/** "show amounts with 2 decimals", "quantities with one decimal place", "no decimals". */
function decimals(clause: string): Op[] | undefined {
  const m =
    /\b(\d|no|zero|without|one|two|three|four)\s+decimals?(?:\s+places?)?\b|\bdecimals?\s*(?:places?)?\s*(?:to|of|:)?\s*(\d)\b/.exec(
      clause,
    );
  if (!m || /\b(add|insert|include)\b/.test(clause)) return undefined;
  const word = m[1] ?? m[2] ?? '2';
  const n = /^\d$/.test(word) ? Number(word) : (COUNT[word] ?? 2);
  const of = /\b(amounts?|prices?|money|totals?|currency|costs?)\b/.test(clause) ? 'money' : 'numbers';
  return [{ op: 'decimals', n, of }];
}

const TO_MM: Record<string, number> = { mm: 1, cm: 10, in: 25.4, inch: 25.4, inches: 25.4, '"': 25.4, pt: 25.4 / 72 };

/** "set the margins to 25 mm", "1 inch margins", "narrower margins". */
function margins(clause: string): Op[] | undefined {
  if (!/\bmargins?\b/.test(clause)) return undefined;
  const m = /\b(\d+(?:\.\d+)?)\s*(mm|cm|inches|inch|in|pt)?\b/.exec(clause);
  if (m) {
    const mm = Math.round(Number(m[1]) * (TO_MM[m[2] ?? 'mm'] ?? 1) * 10) / 10;
    return [{ op: 'margins', mm }];
  }
  if (/\b(narrow(?:er)?|smaller|tight(?:er)?|thin(?:ner)?|less|reduce|decrease)\b/.test(clause))
    return [{ op: 'margins', factor: 0.6 }];
  if (/\b(wide(?:r)?|larger|bigger|more|generous|increase)\b/.test(clause)) return [{ op: 'margins', factor: 1.5 }];
  return undefined;
}

const SIZES: Record<string, [number, number]> = { a3: [297, 420], a5: [148, 210], a6: [105, 148] };

/** Page sizes the page setup has no name for: A3, A5, A6, "4x6 inches", "100 x 150 mm". */
function customSize(clause: string): Op[] | undefined {
  const named = /\b(a3|a5|a6)\b/.exec(clause);
  if (named) {
    const [w, h] = SIZES[named[1] as string] as [number, number];
    return [{ op: 'customSize', label: (named[1] as string).toUpperCase(), width_mm: w, height_mm: h }];
  }
  const m = /\b(\d+(?:\.\d+)?)\s*(?:x|by)\s*(\d+(?:\.\d+)?)\s*(mm|cm|inches|inch|in)?\b/.exec(clause);
  const asked =
    /\b(page|paper|size|format|label|card|mm|cm|in|inch|inches)\b/.test(clause) ||
    /^(?:make it|use|switch to|change to|set it to|print on)\s/.test(clause);
  if (!m || !asked) return undefined;
  const unit = m[3] ?? (Number(m[1]) <= 20 ? 'in' : 'mm');
  const k = TO_MM[unit] ?? 1;
  const [a, b] = [Number(m[1]) * k, Number(m[2]) * k].map((n) => Math.round(n * 10) / 10) as [number, number];
  if (Math.min(a, b) < 20) return undefined;
  return [
    {
      op: 'customSize',
      label: `${m[1]} × ${m[2]} ${unit === 'inch' || unit === 'inches' ? 'in' : unit}`,
      width_mm: Math.min(a, b),
      height_mm: Math.max(a, b),
    },
  ];
}

/** "make the headings bigger": sizes go for all the text together; the reply says so rather than "didn't understand". */
function partSize(clause: string): Op[] | undefined {
  const part = /\b(headings?|titles?|table headers?|headers?|footer|labels?)\b/.exec(clause);
  if (!part || !/\b(bigger|larger|smaller|size|pt|px)\b/.test(clause) || /\b(font|text)\b/.test(clause))
    return undefined;
  return [
    {
      op: 'cannot',
      reason: `I can't size the ${part[1]} on their own: sizes go for all the text together ("make the text bigger", "set the font size to 11pt").`,
    },
  ];
}

/** The first reading that applies; margins and sizes may come together ("A5 with 10 mm margins"). */
export function layoutOps(clause: string): Op[] | undefined {
  const page = [...(customSize(clause) ?? []), ...(margins(clause) ?? [])];
  if (page.length > 0) return page;
  return (
    logoPlacement(clause) ??
    partSize(clause) ??
    totalsPlacement(clause) ??
    numbering(clause) ??
    decimals(clause) ??
    currency(clause) ??
    undefined
  );
}
