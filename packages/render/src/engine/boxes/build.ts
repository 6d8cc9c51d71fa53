import type { ComputedStyle, Display, Length, LengthOrAuto, StyledElement, StyledNode } from '../style/computed-style';
import { anonymousStyle } from './anonymous-style';
import type {
  AtomicInlineBox,
  BlockBox,
  BlockLevelBox,
  InlineBox,
  InlineLevelBox,
  PositionedBox,
  TextBox,
} from './box';
import { type BoxContext, type ListCounter, report, type Scope } from './context';
import { integerAttribute } from './integer-attribute';
import { listMarker } from './markers';
import { isReplacedTag, replacedBox } from './replaced';
import { buildTable, type TableParts } from './tables';
import { isVertical, turnContent } from './vertical-flow';
import { isCollapsibleSpace } from './white-space';

/** An absolutely positioned or fixed box, taken out of the flow while its siblings are boxed. */
interface OutOfFlow {
  type: 'out-of-flow';
  box: BlockLevelBox;
  fixed: boolean;
}

type Item = BlockLevelBox | InlineLevelBox | OutOfFlow;

const TABLE_INTERNAL = new Set<Display>([
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-cell',
  'table-column',
  'table-column-group',
]);

const BLOCK_LEVEL_DISPLAY = new Set<Display>([
  'block',
  'flow-root',
  'list-item',
  'flex',
  'grid',
  'table',
  'table-caption',
]);

/** Display types laid out as block (or inline-block) for now, and reported. */
const NOT_YET_LAID_OUT = new Set<Display>([]);

/** Embedded content and form controls a PDF cannot hold: left out, and said. */
const NOT_DRAWN = new Set([
  'iframe',
  'frame',
  'video',
  'audio',
  'canvas',
  'object',
  'embed',
  'applet',
  'input',
  'select',
]);

/** Elements that reset the list-item counter for their descendants (HTML's `ol`, `ul`, `menu`). */
const LISTS = new Set(['ol', 'ul', 'menu', 'dir']);

const isBlockLevel = (item: Item): item is BlockLevelBox =>
  item.type === 'block' || item.type === 'table' || item.type === 'replaced';

/** Builds the box tree (CSS 2.1 §9.2) of one styled tree. */
export class BoxBuilder implements TableParts {
  constructor(readonly context: BoxContext) {}

  root(element: StyledElement): BlockBox {
    return this.blockFromElement(element, { link: undefined, list: { next: 1, step: 1 } });
  }

  blockFromElement(element: StyledElement, scope: Scope): BlockBox {
    // A vertical block in horizontal content: its content is laid out turned (boxes/vertical-flow.ts).
    const orthogonal = this.verticalDepth === 0 && isVertical(element.style);
    if (orthogonal) this.verticalDepth++;
    else if (this.verticalDepth > 0 && !isVertical(element.style))
      report(
        this.context,
        element.line,
        'unsupported_css_value',
        `writing-mode: horizontal-tb inside vertical text is not laid out yet: the <${element.tag}> is laid out vertically with the text around it`,
      );
    try {
      const box = this.elementBlock(element, scope);
      return orthogonal ? this.turned(box) : box;
    } finally {
      if (orthogonal) this.verticalDepth--;
    }
  }

  private orthogonalInline(element: StyledElement, parent: ComputedStyle): boolean {
    const { style } = element;
    return (
      style.display === 'inline' &&
      style.writingMode !== parent.writingMode &&
      element.tag !== 'br' &&
      !isReplacedTag(element.tag) &&
      style.position !== 'absolute' &&
      style.position !== 'fixed' &&
      !floats(style)
    );
  }

  /** How deep the box being built is in vertical content (0: horizontal content). */
  private verticalDepth = 0;

  /** An orthogonal flow root: the box keeps its own style, its content goes into a turned box. */
  private turned(box: BlockBox): BlockBox {
    const content = turnContent(box, anonymousStyle(box.style));
    const root: BlockBox = { type: 'block', style: box.style, tag: box.tag, blocks: [content], inlines: null };
    if (box.line !== undefined) root.line = box.line;
    if (box.link !== undefined) root.link = box.link;
    root.orthogonal = true;
    return root;
  }

  private elementBlock(element: StyledElement, scope: Scope): BlockBox {
    // The item's number comes before its descendants' (counters increment in document order).
    const marker = element.style.display === 'list-item' ? listMarker(element, scope.list, this.context) : null;
    const inner = this.scopeOf(element, scope);
    const content = this.content(this.items(element.children, element.style, inner, false), element.style);
    // Every property in one literal: V8 keeps them in the object itself, not in a second array added later (a
    // 20,000-row table has 120,000 of these boxes).
    const box: BlockBox = {
      type: 'block',
      style: element.style,
      tag: element.tag,
      blocks: content.blocks,
      inlines: content.inlines,
      line: element.line,
    };
    if (content.positioned) box.positioned = content.positioned;
    if (marker) box.marker = marker;
    if (element.firstLine) box.firstLine = element.firstLine;
    if (inner.link !== undefined) box.link = inner.link;
    return box;
  }

  blockFromNodes(nodes: StyledNode[], style: ComputedStyle, scope: Scope): BlockBox {
    return { type: 'block', style, tag: null, ...this.content(this.items(nodes, style, scope, false), style) };
  }

  /**
   * A block container's content: only inline-level boxes, or only block-level ones with each run of inline
   * content beside them wrapped in an anonymous block (runs that would make no line box are dropped).
   */
  private content(all: Item[], style: ComputedStyle): Pick<BlockBox, 'blocks' | 'inlines' | 'positioned'> {
    // Most blocks (a table's cells) hold inline content and nothing out of flow: no copies of their items, no
    // empty list of positioned boxes (a 2,000-row table has 12,000 such cells).
    let inlineOnly = true;
    for (const item of all)
      if (item.type === 'out-of-flow' || isBlockLevel(item)) {
        inlineOnly = false;
        break;
      }
    if (inlineOnly) {
      if (isEmptyRun(all)) return { blocks: [], inlines: null };
      const alone = floatsAlone(all);
      if (alone) return { blocks: alone, inlines: null };
      // A copy of exactly its length: `all` grew by push and has room for 17 (a table cell's one text box).
      return { blocks: null, inlines: all.slice() as InlineLevelBox[] };
    }
    const positioned: PositionedBox[] = [];
    const items: Item[] = [];
    for (const item of all) {
      if (item.type !== 'out-of-flow') items.push(item);
      else positioned.push({ box: item.box, after: items.filter(isBlockLevel).length, fixed: item.fixed });
    }
    const outOfFlow = positioned.length > 0 ? { positioned } : {};
    if (!items.some(isBlockLevel)) {
      for (const p of positioned) p.after = 0;
      if (isEmptyRun(items)) return { blocks: [], inlines: null, ...outOfFlow };
      // Only floats (and white space): they are laid out among blocks, with no line box to hang them on.
      const alone = floatsAlone(items);
      if (alone) return { blocks: alone, inlines: null, ...outOfFlow };
      // A copy of exactly its length: `items` grew by push and has room for 17 (a table cell's one text box).
      return { blocks: null, inlines: items.slice() as InlineLevelBox[], ...outOfFlow };
    }
    const blocks: BlockLevelBox[] = [];
    let run: InlineLevelBox[] = [];
    // Where each positioned box falls among the blocks once the runs of inline content are wrapped.
    const byIndex = new Map<number, PositionedBox[]>();
    for (const p of positioned) byIndex.set(p.after, [...(byIndex.get(p.after) ?? []), p]);
    let seen = 0;
    const flush = () => {
      const alone = floatsAlone(run);
      if (alone) blocks.push(...alone);
      else if (run.length && !isEmptyRun(run)) {
        blocks.push({ type: 'block', style: anonymousStyle(style), tag: null, blocks: null, inlines: run });
      }
      run = [];
    };
    const place = () => {
      for (const p of byIndex.get(seen) ?? []) p.after = blocks.length;
    };
    place();
    for (const item of items) {
      if (isBlockLevel(item)) {
        flush();
        blocks.push(item);
        seen++;
        place();
      } else run.push(item as InlineLevelBox);
    }
    flush();
    return { blocks, inlines: null, ...outOfFlow };
  }

  /** The boxes of a list of nodes; table parts outside a table are wrapped in an anonymous table. */
  private items(nodes: StyledNode[], parent: ComputedStyle, scope: Scope, inInline: boolean): Item[] {
    const out: Item[] = [];
    let tableRun: StyledNode[] | null = null;
    let spaces: StyledNode[] = [];
    const flushTable = () => {
      if (tableRun) out.push(this.anonymousTable(tableRun, parent, scope, inInline));
      tableRun = null;
      for (const space of spaces) this.node(space, scope, out);
      spaces = [];
    };
    for (const node of nodes) {
      if (node.kind === 'element') {
        if (node.style.display === 'none') continue;
        if (TABLE_INTERNAL.has(node.style.display)) {
          if (tableRun) tableRun.push(...spaces, node);
          else tableRun = [node];
          spaces = [];
          continue;
        }
      } else if (tableRun && isCollapsibleSpace(node)) {
        spaces.push(node);
        continue;
      }
      flushTable();
      if (node.kind === 'element' && this.orthogonalInline(node, parent))
        // CSS Writing Modes 3 §3.1: an inline box of another writing mode than its parent's is an inline-block.
        out.push(
          this.atomic(
            this.blockFromElement({ ...node, style: { ...node.style, display: 'inline-block' } }, scope),
            this.scopeOf(node, scope),
          ),
        );
      else this.node(node, scope, out);
    }
    flushTable();
    return out;
  }

  private node(node: StyledNode, scope: Scope, out: Item[]): void {
    if (node.kind === 'text') {
      if (!node.text) return;
      const box: TextBox = { type: 'text', text: node.text, style: node.style };
      if (scope.link !== undefined) box.link = scope.link;
      out.push(box);
      return;
    }
    const { display } = node.style;
    if (node.tag === 'br') {
      out.push({ type: 'br', style: node.style });
      return;
    }
    if (NOT_DRAWN.has(node.tag)) {
      report(this.context, node.line, 'unsupported_element', `<${node.tag}> cannot be drawn in a PDF and was left out`);
      return;
    }
    if (isReplacedTag(node.tag)) {
      const inner = this.scopeOf(node, scope);
      const box = replacedBox(node, this.context);
      if (!box) return;
      // A browser shows a broken image's alt text in its place (the image itself is reported as not loaded).
      if (box.content.kind === 'missing' && box.content.alt.trim()) {
        const alt: TextBox = { type: 'text', text: box.content.alt, style: node.style };
        if (inner.link !== undefined) alt.link = inner.link;
        out.push(alt);
        return;
      }
      if (inner.link !== undefined) box.link = inner.link;
      const { position } = node.style;
      if (position === 'absolute' || position === 'fixed')
        out.push({ type: 'out-of-flow', box, fixed: position === 'fixed' });
      else if (floats(node.style)) out.push(this.floated(box, inner));
      else out.push(BLOCK_LEVEL_DISPLAY.has(display) ? box : this.atomic(box, inner));
      return;
    }
    const { position } = node.style;
    if (position === 'absolute' || position === 'fixed') {
      // Blockified by the style stage; boxed as a block of its own and laid out against its containing block.
      const box = display === 'table' ? this.table(node, scope) : this.blockFromElement(node, scope);
      out.push({ type: 'out-of-flow', box, fixed: position === 'fixed' });
      return;
    }
    if (floats(node.style)) {
      // Blockified by the style stage; whether it sits among blocks or in a line is settled by `content`.
      const box = display === 'table' ? this.table(node, scope) : this.blockFromElement(node, scope);
      out.push(this.floated(box, this.scopeOf(node, scope)));
      return;
    }
    if (NOT_YET_LAID_OUT.has(display)) {
      const as = display.startsWith('inline') ? 'inline-block' : 'block';
      report(this.context, node.line, 'unsupported_display', `display: ${display} is laid out as ${as}`);
    }
    switch (display) {
      case 'block':
      case 'flow-root':
      case 'list-item':
      case 'flex':
      case 'grid':
      case 'table-caption':
        out.push(this.blockFromElement(node, scope));
        return;
      case 'inline-block':
      case 'inline-flex':
      case 'inline-grid':
        out.push(this.atomic(this.blockFromElement(node, scope), this.scopeOf(node, scope)));
        return;
      case 'table':
        out.push(this.table(node, scope));
        return;
      case 'inline-table':
        out.push(this.atomic(this.table(node, scope), this.scopeOf(node, scope)));
        return;
      default:
        this.inline(node, scope, out);
    }
  }

  /**
   * An inline element. Block-level boxes inside it split it (CSS 2.1 §9.2.1.1): the parts before, between and
   * after them are inline boxes with its style, and the blocks become its parent's.
   */
  private inline(element: StyledElement, scope: Scope, out: Item[]): void {
    const { style } = element;
    if (style.position === 'relative' && [style.top, style.right, style.bottom, style.left].some((v) => v !== 'auto'))
      report(
        this.context,
        element.line,
        'unsupported_css_value',
        `position: relative offsets of an inline <${element.tag}> are not applied yet; its text stays in place`,
      );
    const inner = this.scopeOf(element, scope);
    const children: Item[] = [];
    // Positioned boxes inside an inline element belong to the block container around it.
    for (const item of this.items(element.children, element.style, inner, true)) {
      if (item.type === 'out-of-flow') out.push(item);
      else children.push(item);
    }
    const part = (items: InlineLevelBox[]): InlineBox => {
      const box: InlineBox = { type: 'inline', style: element.style, tag: element.tag, children: items };
      if (inner.link !== undefined) box.link = inner.link;
      return box;
    };
    if (!children.some(isBlockLevel)) {
      out.push(part(children as InlineLevelBox[]));
      return;
    }
    let run: InlineLevelBox[] = [];
    let first = true;
    for (const item of children) {
      if (!isBlockLevel(item)) {
        run.push(item as InlineLevelBox);
        continue;
      }
      if (first || run.length) out.push(part(run));
      out.push(item);
      run = [];
      first = false;
    }
    out.push(part(run));
  }

  private table(element: StyledElement, scope: Scope) {
    return buildTable(element.style, element.children, this.scopeOf(element, scope), this, element.line);
  }

  private anonymousTable(nodes: StyledNode[], parent: ComputedStyle, scope: Scope, inInline: boolean): Item {
    const table = buildTable(anonymousStyle(parent, inInline ? 'inline-table' : 'table'), nodes, scope, this);
    return inInline ? this.atomic(table, scope) : table;
  }

  private floated(box: AtomicInlineBox['box'], scope: Scope): AtomicInlineBox {
    return { ...this.atomic(box, scope), float: box.style.float === 'right' ? 'right' : 'left' };
  }

  private atomic(box: AtomicInlineBox['box'], scope: Scope): AtomicInlineBox {
    const atomic: AtomicInlineBox = { type: 'atomic', style: box.style, box };
    if (scope.link !== undefined) atomic.link = scope.link;
    return atomic;
  }

  /** The scope of an element's descendants: the link it makes, the list it starts. */
  private scopeOf(element: StyledElement, scope: Scope): Scope {
    const href = element.tag === 'a' ? element.attrs.href?.trim() : undefined;
    const list = LISTS.has(element.tag) ? listCounter(element) : null;
    if (!href && !list) return scope;
    return { link: href || scope.link, list: list ?? scope.list };
  }
}

/** A list's counter: from `start` (or, reversed, from its number of items) by 1 or, reversed, by -1. */
function listCounter(list: StyledElement): ListCounter {
  const reversed = list.tag === 'ol' && list.attrs.reversed !== undefined;
  const start = list.tag === 'ol' ? integerAttribute(list.attrs.start) : null;
  if (!reversed) return { next: start ?? 1, step: 1 };
  const items = list.children.filter((child) => child.kind === 'element' && child.style.display === 'list-item');
  return { next: start ?? items.length, step: -1 };
}

const floats = (style: ComputedStyle): boolean =>
  style.float !== 'none' && style.position !== 'absolute' && style.position !== 'fixed';

/** The floats of a run of inline content that holds nothing else but white space, as block-level boxes; else null. */
function floatsAlone(items: Item[]): BlockLevelBox[] | null {
  let found: BlockLevelBox[] | null = null;
  for (const item of items) {
    if (item.type === 'atomic' && item.float) {
      found ??= [];
      found.push(item.box);
    } else if (!(item.type === 'text' && isCollapsibleSpace(item))) return null;
  }
  return found;
}

/** Inline content that makes no line box (CSS 2.1 §9.4.2): collapsible white space in unspaced inline boxes. */
function isEmptyRun(items: Item[]): boolean {
  return items.every((item) => {
    if (item.type === 'text') return isCollapsibleSpace(item);
    if (item.type === 'inline') return !hasInlineSpacing(item.style) && isEmptyRun(item.children);
    return false;
  });
}

function hasInlineSpacing(style: ComputedStyle): boolean {
  return (
    nonZero(style.marginLeft) ||
    nonZero(style.marginRight) ||
    nonZero(style.paddingLeft) ||
    nonZero(style.paddingRight) ||
    style.borderLeft.width > 0 ||
    style.borderRight.width > 0
  );
}

const nonZero = (length: LengthOrAuto | Length) => length !== 'auto' && (length.pt !== 0 || length.pct !== 0);
