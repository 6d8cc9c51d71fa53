import type { BlockBox, BlockLevelBox, TableBox } from '../../boxes/box';
import * as csstree from '../../parse/css-tree';
import type { ComputedStyle } from '../../style/computed-style';

/**
 * Whether a document's style sheets read the same for a window of a long table's rows as for all of them. A window
 * holds some rows, with stand-ins for the others among their siblings (style/selectors.ts), so structural
 * pseudo-classes (`tr:nth-child(even)`, `tr:last-child`) count every row; but a sibling combinator whose right side
 * could be a row (`tr + tr`, `.x ~ tr`) would look at a stand-in, which has no class or content, and a counter that
 * rows increment would start again in each window: such a document is laid out whole. On cells (`td + td`) they
 * look only within a row, which a window always holds whole.
 *
 * The sheets are read with css-tree, so that only selectors are looked at for combinators (`calc(100% + 2px)` and a
 * logo's base64 say nothing of rows); what it cannot read is looked at as text, as conservatively as before.
 */
export function windowSafeStyles(text: string): boolean {
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(text, { parseValue: false, parseCustomProperty: false, onParseError: () => undefined });
  } catch {
    return textuallySafe(text);
  }
  let safe = true;
  csstree.walk(ast, (node) => {
    if (!safe) return csstree.walk.break;
    // A declaration's value is not read further (its text is a value's, not a selector's).
    if (node.type === 'Declaration') {
      safe = declarationSafe(node);
      return csstree.walk.skip;
    }
    if (node.type === 'Selector') safe = selectorSafe(node);
    else if (node.type === 'PseudoClassSelector') safe = pseudoClassSafe(node);
    else if (node.type === 'Raw') safe = textuallySafe(node.value);
    return undefined;
  });
  return safe;
}

function declarationSafe(node: csstree.Declaration): boolean {
  const property = node.property.toLowerCase();
  // A counter that rows increment would start again in each window.
  if (/^counter-(?:increment|reset|set)$/.test(property)) return false;
  // Multi-column layout learns its page rooms from the whole flow (layout/multicol/page-rooms.ts).
  if (property === 'columns' || property === 'column-count' || property === 'column-width') return false;
  if (property !== 'position') return true;
  // A box placed against the page or the flow's top would be placed against each window's.
  const value = csstree.generate(node.value).toLowerCase();
  return !/absolute|fixed|sticky|var\(/.test(value);
}

/** False when a sibling combinator's right side could be a row: anything but a cell. */
function selectorSafe(node: csstree.Selector): boolean {
  let afterSibling = false;
  for (const part of node.children) {
    if (part.type === 'Combinator') {
      afterSibling = part.name === '+' || part.name === '~';
      continue;
    }
    if (!afterSibling) continue;
    const name = part.type === 'TypeSelector' ? part.name.toLowerCase() : '';
    if (name !== 'td' && name !== 'th') return false;
    afterSibling = false;
  }
  return !afterSibling;
}

/** `:has()` looks past the row; `:nth-child(2n of .late)` counts siblings by a selector no stand-in matches. */
function pseudoClassSafe(node: csstree.PseudoClassSelector): boolean {
  if (node.name.toLowerCase() === 'has') return false;
  for (const child of node.children ?? []) if (child.type === 'Nth' && child.selector) return false;
  return true;
}

/** What css-tree could not read, looked at as text: any of what the above looks for, anywhere in it. */
function textuallySafe(text: string): boolean {
  // URLs (a logo's base64 has + in it) and strings say nothing of selectors.
  const sheets = text.replace(/url\([^)]*\)/gi, 'url()').replace(/"[^"]*"|'[^']*'/g, '""');
  if (/counter-(?:increment|reset|set)\b/i.test(sheets)) return false;
  if (/position\s*:\s*(?:absolute|fixed|sticky)/i.test(sheets)) return false;
  if (/:has\(/i.test(sheets)) return false;
  if (/\bcolumns?-(?:count|width)\b|\bcolumns\s*:/i.test(sheets)) return false;
  if (/:nth-[a-z-]*\([^)]*\bof\b/i.test(sheets)) return false;
  const sibling = /[+~]\s*([a-z][\w-]*|[.#*[:])/gi;
  for (const match of sheets.matchAll(sibling)) {
    const right = (match[1] ?? '').toLowerCase();
    if (right !== 'td' && right !== 'th') return false;
  }
  return true;
}

const plainBlock = (style: ComputedStyle): boolean =>
  style.float === 'none' &&
  style.position === 'static' &&
  style.columnCount === 'auto' &&
  style.columnWidth === 'auto' &&
  !style.transform;

/**
 * The table whose row group holds `rows` rows, when it is reached from the body through plain blocks (no floats,
 * positioning, columns or transforms around it, none on it, and no height of its own that its rows would share):
 * the page breaks of such a table's rows depend on the rows alone. Null otherwise.
 */
export function longTableBox(body: BlockBox, rows: number): TableBox | null {
  const visit = (box: BlockLevelBox): TableBox | null => {
    if (!plainBlock(box.style)) return null;
    if (box.type === 'table') {
      const holds = box.bodies.some((group) => group.rows.length === rows);
      return holds && box.style.height === 'auto' ? box : null;
    }
    if (box.type !== 'block' || box.positioned?.length || box.orthogonal || box.turned) return null;
    if (box.style.display !== 'block' && box.style.display !== 'flow-root') return null;
    for (const child of box.blocks ?? []) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  return visit(body);
}
