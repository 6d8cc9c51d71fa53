import type { Scan } from './scan';
import type { ColumnSpec, TableSpec } from './spec';
import { fold } from './text';

export type ChartType = 'bar' | 'line' | 'pie';

/** A chart asked for: its type and, when the request said, what it shows ("a pie chart of expenses"). */
export interface ChartAsk {
  type: ChartType;
  of?: string;
}

// Chart words in the writer's languages; German compounds name the type in the word itself.
const TYPE_WORDS: [ChartType, RegExp][] = [
  [
    'pie',
    /\b(pie|donut|doughnut|camembert|circulaire|kreis|torten|ring|circular|de pastel|de queso|torta|a torta|taart|cirkel)/,
  ],
  ['line', /\b(line|trend|area|sparkline|courbe|lini|linea|lineas|líneas|linhas?|lijn)/],
  ['bar', /\b(bar|column|histogram|barres|balken|s[aä]ulen|barras|columnas|barre|colonne|staaf|kolom)/],
];

const CHART =
  /\b(?:(bar|column|pie|donut|doughnut|line|trend|area)\s+)?(charts?|graphs?|diagrams?|histograms?|sparklines?|graphiques?(?:\s+(?:en|a|à)\s+(?:barres|secteurs|courbe|camembert|lignes))?|camemberts?|(?:balken|s[aä]ulen|kreis|torten|linien)?diagramme?n?|gr[aá]ficos?(?:\s+(?:de\s+)?(?:barras|columnas|l[ií]neas|linhas|pastel|queso|circular|setores|torta))?|grafici(?:\s+a\s+(?:barre|torta|linee))?|(?:staaf|cirkel|lijn|taart)?grafieken?|(?:staaf|cirkel|lijn|taart)diagram(?:men)?)\b/;

// What follows the chart's name: "of expenses", "showing revenue by month", "des ventes", "der Umsätze".
const OF =
  /^\s*(?:of|showing|for|with|de|des|du|d'|der|des|von|del|de los|de las|dos|das|di|dei|delle|van|met)\s+(?:the\s+|les\s+|la\s+|le\s+|l'|die\s+|el\s+|los\s+|las\s+|os\s+|as\s+|il\s+|i\s+|le\s+|de\s+|het\s+)?([\p{L}]+(?:\s+(?:by|per|par|pro|nach|por|per|op)\s+[\p{L}]+)?)/u;

/** The type a chart's words name; a bar chart when they name none. */
export function chartTypeOf(words: string): ChartType {
  const folded = fold(words);
  for (const [type, pattern] of TYPE_WORDS) if (pattern.test(folded)) return type;
  return 'bar';
}

/** Reads (and consumes) the first chart a request asks for. */
export function readChart(scan: Scan): ChartAsk | undefined {
  const found = scan.first(CHART);
  if (!found) return undefined;
  const type = chartTypeOf(found[0]);
  const after = OF.exec(scan.work.slice(found.index + found[0].length));
  scan.consume(found.index, found.index + found[0].length + (after?.[0].length ?? 0));
  // Words after the chart ("... chart and a signature") are not a chart's subject.
  const of = after?.[1] && !/^(and|et|und|y|e|en)$/.test(after[1]) ? after[1] : undefined;
  return { type, ...(of ? { of } : {}) };
}

const NUMERIC = new Set(['money', 'number', 'percent']);

/**
 * The columns a chart of a table draws: the first text column names each bar, slice or point, and the value is the
 * column the request named, else the first money column, else the first number. Undefined when the table has no
 * number to draw.
 */
export function chartColumns(
  table: TableSpec,
  of: string | undefined,
): { label: ColumnSpec; value: ColumnSpec } | undefined {
  const label = table.columns.find((c) => c.type === 'text' || c.type === 'longtext' || c.type === 'date');
  const numbers = table.columns.filter((c) => NUMERIC.has(c.type) && !c.computed);
  if (!label || numbers.length === 0) return undefined;
  const wanted = of ? fold(of.split(/\s+(?:by|per|par|pro|nach|por|op)\s+/)[0] ?? of) : undefined;
  const named = wanted
    ? numbers.find((c) => {
        const names = [c.path, c.concept, c.label].filter(Boolean).map((n) => fold(String(n).replace(/_/g, ' ')));
        return names.some((n) => n === wanted || n.startsWith(wanted.replace(/s$/, '')) || wanted.startsWith(n));
      })
    : undefined;
  const value = named ?? numbers.find((c) => c.type === 'money') ?? (numbers[0] as ColumnSpec);
  return { label, value };
}
