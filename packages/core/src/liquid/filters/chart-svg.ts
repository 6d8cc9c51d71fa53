import { fitText, niceScale, palette, type Scale, textWidth } from './chart-scale';

/** What a chart shows: one label per point, and one or more series of values, one value per label. */
export interface ChartData {
  labels: string[];
  series: { name: string; values: number[] }[];
}

export interface ChartLook {
  /** Size in CSS pixels (the SVG's user units). */
  width: number;
  height: number;
  title?: string;
  /** The accent, `#rrggbb`: the first series or slice; the others are derived from it. */
  color: string;
  /** Whether values are printed on bars, points and slices; undefined: where they fit. */
  values?: boolean;
  /** What an empty chart says. */
  empty: string;
}

/** How numbers print: values in full, ticks by their step (compact when large), shares of a pie as percentages. */
export interface ChartFormat {
  value(n: number): string;
  tick(n: number, scale: Scale): string;
  share(fraction: number): string;
}

const PAD = 8;
const FONT = 11;
const TITLE_FONT = 13;
const TITLE_H = 22;
const LEGEND_ROW = 18;
const INK = '#1f2937';
const MUTED = '#4b5563';
const GRID = '#e5e7eb';
const AXIS = '#9ca3af';

// Two decimals are finer than a printed chart can show, and keep the markup short.
const n2 = (n: number) => String(Math.round(n * 100) / 100);

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as SVG content or attribute value; characters XML cannot hold are dropped, as an SVG reader would refuse them. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function text(
  x: number,
  y: number,
  content: string,
  attrs: { anchor?: 'start' | 'middle' | 'end'; fill?: string; size?: number; bold?: boolean } = {},
): string {
  const anchor = attrs.anchor && attrs.anchor !== 'start' ? ` text-anchor="${attrs.anchor}"` : '';
  const size = attrs.size ? ` font-size="${attrs.size}"` : '';
  const bold = attrs.bold ? ' font-weight="bold"' : '';
  return `<text x="${n2(x)}" y="${n2(y)}"${anchor}${size}${bold} fill="${attrs.fill ?? MUTED}">${escapeXml(content)}</text>`;
}

// No font-family: the chart's text inherits the template's font, in a browser and in Quire's engine. A chart wider
// than its column (a grid cell, a sidebar) shrinks to fit it, keeping its proportions.
function frame(look: ChartLook, height: number, kind: string, body: string[]): string {
  const label = look.title ?? `${kind} chart`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="quire-chart" width="${look.width}" height="${height}" viewBox="0 0 ${look.width} ${height}" style="max-width: 100%; height: auto" font-size="${FONT}" role="img" aria-label="${escapeXml(label)}">`,
    ...(look.title ? [text(PAD, PAD + TITLE_FONT, look.title, { fill: INK, size: TITLE_FONT, bold: true })] : []),
    ...body,
    '</svg>',
  ].join('');
}

/** The chart's frame with its title and the `empty` text in the middle: a chart of no data still shows where it is. */
export function emptyChart(look: ChartLook, kind: string): string {
  const top = PAD + (look.title ? TITLE_H : 0);
  const box = `<rect x="${PAD + 0.5}" y="${top + 0.5}" width="${look.width - 2 * PAD - 1}" height="${look.height - top - PAD - 1}" fill="none" stroke="${GRID}"/>`;
  const middle = text(look.width / 2, (top + look.height - PAD) / 2 + FONT * 0.35, look.empty, { anchor: 'middle' });
  return frame(look, look.height, kind, [box, middle]);
}

/** A row of swatches and names, left to right, each name cut to what is left of the row. */
function seriesLegend(names: string[], colours: string[], x0: number, y: number, right: number): string[] {
  const out: string[] = [];
  let x = x0;
  names.forEach((name, i) => {
    const room = right - x - 14;
    const shown = fitText(name, Math.min(room, 160), FONT);
    if (!shown) return;
    out.push(`<rect x="${n2(x)}" y="${n2(y - 9)}" width="10" height="10" rx="2" fill="${colours[i]}"/>`);
    out.push(text(x + 14, y, shown, { fill: INK }));
    x += 14 + textWidth(shown, FONT) + 14;
  });
  return out;
}

interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  scale: Scale;
  y(v: number): number;
  band: number;
  body: string[];
  colours: string[];
}

/** The axes of a bar or line chart: title, legend, gridlines with tick labels, and the category labels. */
function axes(data: ChartData, look: ChartLook, format: ChartFormat, opts: { zero: boolean; headroom: number }): Plot {
  const all = data.series.flatMap((s) => s.values);
  let low = Math.min(...all);
  let high = Math.max(...all);
  if (opts.zero || (low >= 0 && low < high - low)) low = Math.min(0, low);
  if (opts.zero) high = Math.max(0, high);
  const legend = data.series.length > 1;
  const top = PAD + (look.title ? TITLE_H : 0) + (legend ? LEGEND_ROW : 0) + opts.headroom;
  const bottom = look.height - PAD - 16;
  let scale = niceScale(low, high);
  // A negative bar's value is printed under it: a step more below when the lowest one would reach the labels.
  if (
    opts.zero &&
    opts.headroom > 4 &&
    low < 0 &&
    ((low - scale.min) / (scale.max - scale.min)) * (bottom - top) < 16
  ) {
    scale = niceScale(scale.min - scale.step, high);
  }
  const colours = palette(look.color, data.series.length);
  const tickLabels = scale.ticks.map((t) => format.tick(t, scale));
  const left = PAD + Math.max(...tickLabels.map((t) => textWidth(t, FONT))) + 6;
  const right = look.width - PAD;
  const y = (v: number) => bottom - ((v - scale.min) / (scale.max - scale.min)) * (bottom - top);
  const band = (right - left) / data.labels.length;
  const body: string[] = [];
  if (legend) {
    const legendY = PAD + (look.title ? TITLE_H : 0) + 11;
    body.push(
      ...seriesLegend(
        data.series.map((s) => s.name),
        colours,
        left,
        legendY,
        right,
      ),
    );
  }
  scale.ticks.forEach((t, i) => {
    const ty = y(t);
    const stroke = t === 0 ? AXIS : GRID;
    body.push(
      `<line x1="${n2(left)}" y1="${n2(ty)}" x2="${n2(right)}" y2="${n2(ty)}" stroke="${stroke}" stroke-width="1"/>`,
    );
    body.push(text(left - 6, ty + FONT * 0.35, tickLabels[i] as string, { anchor: 'end' }));
  });
  // Crowded labels: every k-th one, each cut to the room of k bands.
  const widest = Math.min(90, Math.max(...data.labels.map((l) => textWidth(l, FONT))));
  const every = Math.max(1, Math.ceil((Math.min(widest, 28) + 4) / band));
  data.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    const shown = fitText(label, band * every - 4, FONT);
    if (shown) body.push(text(left + band * (i + 0.5), bottom + 13, shown, { anchor: 'middle' }));
  });
  return { left, right, top, bottom, scale, y, band, body, colours };
}

/** Bars side by side per label, one colour per series, from zero (down for negative values). */
export function barChart(data: ChartData, look: ChartLook, format: ChartFormat): string {
  const plot = axes(data, look, format, { zero: true, headroom: look.values === false ? 4 : 14 });
  const count = data.series.length;
  const group = plot.band * (count > 1 ? 0.8 : 0.7);
  const bar = group / count;
  const zero = plot.y(0);
  const labelsFit = data.series.every((s) => s.values.every((v) => textWidth(format.value(v), FONT) <= bar + 2));
  const showValues = look.values ?? labelsFit;
  const body = [...plot.body];
  data.series.forEach((series, s) => {
    series.values.forEach((v, i) => {
      const x = plot.left + plot.band * i + (plot.band - group) / 2 + bar * s;
      const yv = plot.y(v);
      const top = Math.min(yv, zero);
      const height = Math.abs(zero - yv);
      const gap = count > 1 ? Math.min(2, bar * 0.1) : 0;
      body.push(
        `<rect x="${n2(x + gap / 2)}" y="${n2(top)}" width="${n2(bar - gap)}" height="${n2(height)}" fill="${plot.colours[s]}"/>`,
      );
      if (showValues) {
        const ty = v < 0 ? yv + FONT + 2 : yv - 4;
        body.push(text(x + bar / 2, ty, format.value(v), { anchor: 'middle', fill: INK }));
      }
    });
  });
  return frame(look, look.height, 'Bar', body);
}

/** A line per series through one point per label. */
export function lineChart(data: ChartData, look: ChartLook, format: ChartFormat): string {
  const plot = axes(data, look, format, { zero: false, headroom: look.values === false ? 4 : 14 });
  const points = data.labels.length;
  const dots = points <= 40;
  const showValues = look.values ?? (data.series.length === 1 && points <= 12 && plot.band >= 34);
  const body = [...plot.body];
  data.series.forEach((series, s) => {
    const colour = plot.colours[s] as string;
    const xy = series.values.map((v, i) => [plot.left + plot.band * (i + 0.5), plot.y(v)] as const);
    const d = xy.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n2(x)} ${n2(y)}`).join(' ');
    body.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
    for (const [i, [x, y]] of xy.entries()) {
      if (dots)
        body.push(`<circle cx="${n2(x)}" cy="${n2(y)}" r="3" fill="${colour}" stroke="#ffffff" stroke-width="1"/>`);
      if (showValues)
        body.push(text(x, y - 7, format.value(series.values[i] as number), { anchor: 'middle', fill: INK }));
    }
  });
  return frame(look, look.height, 'Line', body);
}

/**
 * Slices clockwise from twelve o'clock, their share printed on those wide enough, and a legend beside the pie with
 * each label, value and share. A legend taller than the chart makes the chart taller.
 */
export function pieChart(data: ChartData, look: ChartLook, format: ChartFormat): string {
  const values = (data.series[0] as ChartData['series'][number]).values;
  const total = values.reduce((a, b) => a + b, 0);
  const colours = palette(look.color, values.length);
  const top = PAD + (look.title ? TITLE_H : 0);
  const height = Math.max(look.height, top + values.length * LEGEND_ROW + PAD);
  const area = height - top - PAD;
  const r = Math.max(10, Math.min((look.height - top - PAD) / 2, (look.width - 2 * PAD) * 0.24));
  const cx = PAD + r;
  const cy = top + Math.min(area, look.height - top - PAD) / 2;
  const body: string[] = [];
  let angle = -Math.PI / 2;
  const at = (a: number, radius: number) => [cx + radius * Math.cos(a), cy + radius * Math.sin(a)] as const;
  values.forEach((v, i) => {
    if (v === 0) return;
    const sweep = (v / total) * 2 * Math.PI;
    const colour = colours[i] as string;
    if (v === total) {
      body.push(`<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}" fill="${colour}"/>`);
    } else {
      const [x0, y0] = at(angle, r);
      const [x1, y1] = at(angle + sweep, r);
      body.push(
        `<path d="M${n2(cx)} ${n2(cy)} L${n2(x0)} ${n2(y0)} A${n2(r)} ${n2(r)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${n2(x1)} ${n2(y1)} Z" fill="${colour}" stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/>`,
      );
    }
    const share = format.share(v / total);
    if ((look.values ?? true) && sweep >= 0.45 && r >= 30) {
      const [tx, ty] = at(angle + sweep / 2, v === total ? 0 : r * 0.62);
      body.push(text(tx, ty + FONT * 0.35, share, { anchor: 'middle', fill: '#ffffff', bold: true }));
    }
    angle += sweep;
  });
  const legendX = cx + r + 20;
  const figures = values.map((v) => `${format.value(v)} · ${format.share(v / total)}`);
  const figuresWidth = Math.max(...figures.map((f) => textWidth(f, FONT)));
  const labelWidth = Math.max(...data.labels.map((l) => textWidth(l, FONT)));
  // The figures right-aligned in a column just past the longest label, or at the chart's edge.
  const right = Math.min(look.width - PAD, legendX + 16 + labelWidth + 16 + figuresWidth);
  const firstRow = top + area / 2 - (values.length * LEGEND_ROW) / 2 + 12;
  data.labels.forEach((name, i) => {
    const y = firstRow + i * LEGEND_ROW;
    const label = fitText(name, right - legendX - 16 - figuresWidth - 10, FONT);
    body.push(`<rect x="${n2(legendX)}" y="${n2(y - 9)}" width="10" height="10" rx="2" fill="${colours[i]}"/>`);
    body.push(text(legendX + 16, y, label, { fill: INK }));
    body.push(text(right, y, figures[i] as string, { anchor: 'end' }));
  });
  return frame(look, height, 'Pie', body);
}
