import { Parser } from 'htmlparser2';
import { NestingGuard } from '../../../nesting';

/**
 * Where a long table's rows are in a document's HTML: the rows that are direct children of one row group (a
 * `tbody`, or a `table` holding its rows itself), by their offsets in the text. A document of many thousand rows
 * is laid out a window of rows at a time from these (long-table/stream.ts).
 */
export interface LongTableRows {
  /** Offset of each row's `<tr`, and one more: where the text after the last row starts. */
  starts: number[];
  /** The row group's content ends here (its closing tag, or the end of the text). */
  end: number;
  /** The rows' text holds a `rowspan`: a row may reach into the next window. */
  rowspan: boolean;
}

/**
 * The row group with the most rows, when it has at least `minRows`; null otherwise, or when the HTML holds no
 * such group. Tags are matched as parse/html.ts reads them (htmlparser2, case-insensitive), so a `<tr>` closed
 * implicitly by the next ends where that one starts.
 */
export function scanLongTable(html: string, minRows: number): LongTableRows | null {
  // Most documents have far fewer rows: counted first, they are not parsed a second time.
  if (!hasTags(html, 'tr', minRows)) return null;
  // Each open element, and for a row group the offsets of its direct rows.
  const stack: Array<{ name: string; rows: number[] | null }> = [];
  let best: { rows: number[]; end: number } | null = null;
  // The first read of the body: it stops at the template's nesting limit as the engine's parse does.
  const nesting = new NestingGuard();
  const parser = new Parser(
    {
      onopentag(name) {
        nesting.open();
        const parent = stack[stack.length - 1];
        if (name === 'tr' && parent?.rows) parent.rows.push(parser.startIndex);
        stack.push({ name, rows: name === 'tbody' || name === 'table' ? [] : null });
      },
      onclosetag(name) {
        nesting.close();
        const open = stack.pop();
        if (!open || open.name !== name) return;
        if (open.rows && open.rows.length >= minRows && open.rows.length > (best?.rows.length ?? 0))
          best = { rows: open.rows, end: parser.startIndex };
      },
    },
    { lowerCaseTags: true, decodeEntities: false, recognizeSelfClosing: true },
  );
  parser.end(html);
  // An unclosed group ends with the text (htmlparser2 closes what is open at the end, reported above).
  const found = best as { rows: number[]; end: number } | null;
  if (!found) return null;
  const starts = [...found.rows, found.end];
  const first = starts[0] as number;
  return { starts, end: found.end, rowspan: /rowspan/i.test(html.slice(first, found.end)) };
}

/** Whether `html` has at least `count` start tags named `name` (case-insensitive). */
function hasTags(html: string, name: string, count: number): boolean {
  const tag = new RegExp(`<${name}[\\s/>]`, 'gi');
  let found = 0;
  while (tag.exec(html)) if (++found >= count) return true;
  return false;
}
