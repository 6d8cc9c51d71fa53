import { type Element, isTag } from 'domhandler';
import type { Converter } from './converter';
import type { BorderSide, ComputedStyle } from './css/computed';
import { toPoints } from './css/values';
import { type PdfNode, pdfMargin, round } from './nodes';

interface Cell {
  element: Element;
  style: ComputedStyle;
  rowStyle: ComputedStyle;
  sectionStyle: ComputedStyle;
  colSpan: number;
  rowSpan: number;
}

interface Row {
  cells: Cell[];
  section: 'head' | 'body' | 'foot';
}

const NO_LINE: BorderSide = { width: 0, color: '#000000' };

/**
 * An HTML table as a pdfmake table: the header repeats on every page and stays with at least one row, rows never
 * split across pages (pdfmake splits a row only when it is taller than a page), the footer comes last, and
 * colspan/rowspan, column widths, cell padding, borders and backgrounds carry over.
 */
export function convertTable(converter: Converter, table: Element, style: ComputedStyle, width: number): PdfNode[] {
  const rows: Row[] = [];
  const widthsFromCols: (string | undefined)[] = [];
  let caption: Element | undefined;
  const collect = (parent: Element, parentStyle: ComputedStyle, section: Row['section']) => {
    for (const child of parent.children) {
      if (!isTag(child)) continue;
      const childStyle = converter.style(child, parentStyle);
      if (childStyle.display === 'none') continue;
      switch (child.name) {
        case 'thead':
          collect(child, childStyle, 'head');
          break;
        case 'tbody':
          collect(child, childStyle, 'body');
          break;
        case 'tfoot':
          collect(child, childStyle, 'foot');
          break;
        case 'tr':
          rows.push({ section, cells: cellsOf(converter, child, childStyle, parentStyle) });
          break;
        case 'caption':
          caption = child;
          break;
        case 'colgroup':
          for (const col of child.children)
            if (isTag(col) && col.name === 'col') addCol(converter, col, childStyle, widthsFromCols);
          break;
        case 'col':
          addCol(converter, child, parentStyle, widthsFromCols);
          break;
        default:
          converter.warn('unsupported_element', `<${child.name}> directly inside <table> was ignored`);
      }
    }
  };
  collect(table, style, 'body');
  // Header rows first and footer rows last, wherever they were written.
  const ordered = [
    ...rows.filter((r) => r.section === 'head'),
    ...rows.filter((r) => r.section === 'body'),
    ...rows.filter((r) => r.section === 'foot'),
  ];
  if (ordered.length === 0) return [];

  // Lay the cells on a grid, as colspan and rowspan say.
  const grid: (Cell | 'spanned' | undefined)[][] = ordered.map(() => []);
  ordered.forEach((row, r) => {
    let c = 0;
    for (const cell of row.cells) {
      while (grid[r]?.[c] !== undefined) c++;
      for (let dr = 0; dr < cell.rowSpan && r + dr < ordered.length; dr++) {
        for (let dc = 0; dc < cell.colSpan; dc++)
          (grid[r + dr] as (Cell | 'spanned' | undefined)[])[c + dc] = dr === 0 && dc === 0 ? cell : 'spanned';
      }
      c += cell.colSpan;
    }
  });
  const columns = Math.max(...grid.map((r) => r.length), widthsFromCols.length);

  const widths = fitLongestWords(converter, grid, columnWidths(grid, columns, widthsFromCols, style, width), width);
  const fixedWidth = widths.reduce<number>(
    (sum, w) =>
      sum +
      (typeof w === 'number' ? w : typeof w === 'string' && w.endsWith('%') ? (Number.parseFloat(w) / 100) * width : 0),
    0,
  );
  if (fixedWidth > width + 0.5) {
    converter.warn(
      'content_overflow',
      `A table's columns add up to ${round(fixedWidth)}pt, wider than the ${round(width)}pt available`,
    );
  }
  const columnPoints = widths.map((w) => (typeof w === 'number' ? w : undefined));
  const starCount = widths.filter((w) => w === '*' || w === 'auto').length || 1;
  const fixedTotal = columnPoints.reduce<number>((a, b) => a + (b ?? 0), 0);
  const estimate = (c: number, span: number) => {
    let total = 0;
    for (let i = c; i < c + span; i++) {
      const w = widths[i];
      total +=
        typeof w === 'number'
          ? w
          : typeof w === 'string' && w.endsWith('%')
            ? (Number.parseFloat(w) / 100) * width
            : Math.max(20, (width - fixedTotal) / starCount);
    }
    return total;
  };

  // Line widths per grid line: the widest border that touches it, as in border-collapse.
  const rowCount = ordered.length;
  const hLines = Array.from({ length: rowCount + 1 }, () => NO_LINE);
  const vLines = Array.from({ length: columns + 1 }, () => NO_LINE);
  const widest = (a: BorderSide, b: BorderSide) => (b.width > a.width ? b : a);
  // First every line's width and colour, from all the cells that touch it; then the cells, which pdfmake draws
  // with their own colours, are given the resolved ones, so a 2px dark rule over a 1px light one stays dark.
  grid.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (!cell || cell === 'spanned') return;
      const [top, right, bottom, left] = cell.style.border;
      const below = Math.min(rowCount, r + cell.rowSpan);
      const after = Math.min(columns, c + cell.colSpan);
      hLines[r] = widest(hLines[r] as BorderSide, top);
      hLines[below] = widest(hLines[below] as BorderSide, bottom);
      vLines[c] = widest(vLines[c] as BorderSide, left);
      vLines[after] = widest(vLines[after] as BorderSide, right);
    });
  });
  const body: PdfNode[][] = grid.map((row, r) => {
    const out: PdfNode[] = [];
    for (let c = 0; c < columns; c++) {
      const cell = row[c];
      if (cell === 'spanned') {
        out.push({});
        continue;
      }
      if (cell === undefined) {
        out.push({ text: '', border: [false, false, false, false] });
        continue;
      }
      const s = cell.style;
      const [top, right, bottom, left] = s.border;
      const lineAbove = hLines[r] as BorderSide;
      const lineBelow = hLines[Math.min(rowCount, r + cell.rowSpan)] as BorderSide;
      const lineLeft = vLines[c] as BorderSide;
      const lineRight = vLines[Math.min(columns, c + cell.colSpan)] as BorderSide;
      const inner = Math.max(10, estimate(c, cell.colSpan) - s.padding[1] - s.padding[3]);
      const content = converter.blockChildren(cell.element.children, s, inner);
      const node: PdfNode =
        content.length === 1 && (content[0] as PdfNode).text !== undefined && !(content[0] as PdfNode).margin
          ? { ...(content[0] as PdfNode) }
          : { stack: content.length ? content : [{ text: '' }] };
      node.margin = pdfMargin(s.padding).map(round);
      node.border = [left.width > 0, top.width > 0, right.width > 0, bottom.width > 0];
      node.borderColor = [lineLeft.color, lineAbove.color, lineRight.color, lineBelow.color];
      // Browsers centre cells vertically unless told otherwise (rows default to vertical-align: middle).
      const valign = s.verticalAlign ?? cell.rowStyle.verticalAlign ?? cell.sectionStyle.verticalAlign ?? 'middle';
      // pdfmake places a vertically aligned cell that spans rows against the first row only, drawing it into the
      // rows below; spanning cells stay at the top.
      if (cell.rowSpan === 1) {
        node.verticalAlignment =
          valign === 'top' || valign === 'baseline' ? 'top' : valign === 'bottom' ? 'bottom' : 'middle';
      }
      const fill = s.background ?? cell.rowStyle.background ?? cell.sectionStyle.background;
      if (fill) node.fillColor = fill;
      if (cell.colSpan > 1) node.colSpan = cell.colSpan;
      if (cell.rowSpan > 1) node.rowSpan = Math.min(cell.rowSpan, rowCount - r);
      out.push(node);
    }
    return out;
  });

  const headerRows = ordered.filter((r) => r.section === 'head').length;
  // Rows never split across pages, unless one is taller than a page: pdfmake would drop its content then.
  const tallest = Math.max(
    ...ordered.map((row) =>
      Math.max(
        0,
        ...row.cells.map((cell) => converter.estimateHeight(cell.element, cell.style, width / Math.max(1, columns))),
      ),
    ),
  );
  const dontBreakRows = tallest < converter.pageHeight * 0.9;
  const node: PdfNode = {
    table: {
      widths,
      body,
      headerRows,
      dontBreakRows,
      ...(headerRows > 0 && dontBreakRows ? { keepWithHeaderRows: 1 } : {}),
    },
    layout: {
      hLineWidth: (i: number) => (hLines[i] as BorderSide).width,
      vLineWidth: (i: number) => (vLines[i] as BorderSide).width,
      hLineColor: (i: number) => (hLines[i] as BorderSide).color,
      vLineColor: (i: number) => (vLines[i] as BorderSide).color,
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 0,
      paddingBottom: () => 0,
      defaultBorder: false,
    },
  };
  const out: PdfNode[] = [];
  if (caption) {
    const captionStyle = converter.style(caption, style);
    out.push(
      ...converter
        .blockChildren([caption], style, width)
        .map((n) => ({ ...n, alignment: captionStyle.textAlign ?? 'center' })),
    );
  }
  // pdfmake stretches '*' columns over the whole container. The width given here is already the table's own
  // (block() applied its CSS width), so a table narrower than its container gets a column of exactly that width.
  const w = style.width;
  const narrower = w !== undefined && w !== 'auto' && !('percent' in w && w.percent >= 100);
  if (narrower && widths.includes('*')) {
    out.push({
      columns: [
        { width: round(width), stack: [node] },
        { width: '*', text: '' },
      ],
      columnGap: 0,
    });
  } else out.push(node);
  return out;
}

/** The width of a cell's longest word with its padding and borders: narrower, and a browser widens the column. */
function longestWord(converter: Converter, cell: Cell): number {
  let widest = 0;
  const walk = (nodes: Element['children'], style: ComputedStyle) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        for (const word of node.data.split(/\s+/))
          if (word) widest = Math.max(widest, converter.textWidth(word, style));
      } else if (isTag(node)) walk(node.children, converter.style(node, style));
    }
  };
  walk(cell.element.children, cell.style);
  const s = cell.style;
  return widest + s.padding[1] + s.padding[3] + s.border[1].width + s.border[3].width + 1;
}

/**
 * pdfmake breaks a word that does not fit its column ("templat-es"); a browser widens the column instead. Fixed and
 * percentage columns narrower than their longest word are widened, and the columns with the most room to spare
 * give the width back, so the table still fits.
 */
function fitLongestWords(
  converter: Converter,
  grid: (Cell | 'spanned' | undefined)[][],
  widths: (number | string)[],
  available: number,
): (number | string)[] {
  if (!widths.some((w) => typeof w === 'number' || (typeof w === 'string' && w.endsWith('%')))) return widths;
  const minimum = widths.map(() => 0);
  for (const row of grid) {
    row.forEach((cell, c) => {
      if (cell && cell !== 'spanned' && cell.colSpan === 1)
        minimum[c] = Math.max(minimum[c] as number, longestWord(converter, cell));
    });
  }
  const points = widths.map((w) =>
    typeof w === 'number' ? w : w.endsWith('%') ? (Number.parseFloat(w) / 100) * available : undefined,
  );
  let deficit = 0;
  points.forEach((w, c) => {
    if (w !== undefined && w < (minimum[c] as number)) {
      deficit += (minimum[c] as number) - w;
      points[c] = minimum[c] as number;
    }
  });
  if (deficit === 0) return widths;
  // Take the deficit from the columns with the most slack, largest first.
  const order = points
    .map((w, c) => ({ c, slack: w === undefined ? 0 : w - (minimum[c] as number) }))
    .filter((x) => x.slack > 0)
    .sort((a, b) => b.slack - a.slack);
  for (const { c, slack } of order) {
    if (deficit <= 0) break;
    const take = Math.min(slack, deficit);
    points[c] = (points[c] as number) - take;
    deficit -= take;
  }
  return widths.map((w, c) => (points[c] === undefined ? w : round(points[c] as number)));
}

function cellsOf(converter: Converter, tr: Element, rowStyle: ComputedStyle, sectionStyle: ComputedStyle): Cell[] {
  const cells: Cell[] = [];
  for (const child of tr.children) {
    if (!isTag(child) || (child.name !== 'td' && child.name !== 'th')) continue;
    const style = converter.style(child, rowStyle);
    if (style.display === 'none') continue;
    const span = (value: string | undefined) => Math.max(1, Math.min(1000, Number.parseInt(value ?? '1', 10) || 1));
    cells.push({
      element: child,
      style,
      rowStyle,
      sectionStyle,
      colSpan: span(child.attribs.colspan),
      rowSpan: span(child.attribs.rowspan),
    });
  }
  return cells;
}

function addCol(converter: Converter, col: Element, parent: ComputedStyle, out: (string | undefined)[]): void {
  const style = converter.style(col, parent);
  const span = Math.max(1, Number.parseInt(col.attribs.span ?? '1', 10) || 1);
  const w = style.width;
  const value =
    w === undefined || w === 'auto'
      ? undefined
      : 'percent' in w
        ? `${w.percent}%`
        : `${toPoints(w, style.fontSize) ?? ''}`;
  for (let i = 0; i < span; i++) out.push(value || undefined);
}

/**
 * Column widths for pdfmake: points, '*' (share the rest) or 'auto' (fit the content). Percentages become points of
 * the table's width here: pdfmake resolves them against the width it is laying out in, which inside a flex item or
 * an auto-sized column is not known yet (it computed NaN and threw).
 */
function columnWidths(
  grid: (Cell | 'spanned' | undefined)[][],
  columns: number,
  fromCols: (string | undefined)[],
  style: ComputedStyle,
  width: number,
): (number | string)[] {
  const tableWidth = toPoints(style.width, style.fontSize, width);
  const base = tableWidth ?? width;
  const percentOf = (percent: number) => round((percent / 100) * base);
  const out: (number | string | undefined)[] = Array.from({ length: columns }, (_, c) => {
    const col = fromCols[c];
    if (col?.endsWith('%')) return percentOf(Number.parseFloat(col));
    if (col) return round(Number(col));
    return undefined;
  });
  // Otherwise the first row that sets a width on a single-column cell decides, as in a browser's fixed layout.
  for (const row of grid) {
    row.forEach((cell, c) => {
      if (out[c] !== undefined || !cell || cell === 'spanned' || cell.colSpan !== 1) return;
      const w = cell.style.width;
      if (w === undefined || w === 'auto') return;
      out[c] = 'percent' in w ? percentOf(w.percent) : round(toPoints(w, cell.style.fontSize) ?? 0);
    });
  }
  // A table as wide as its container shares the remaining width; a table sized by content fits its content.
  const fill = tableWidth !== undefined;
  return out.map((w) => w ?? (fill ? '*' : 'auto'));
}
