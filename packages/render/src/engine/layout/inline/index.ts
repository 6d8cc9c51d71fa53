import type { BlockBox } from '../../boxes/box';
import { type ComputedStyle, resolveLength } from '../../style/computed-style';
import { type Filter, INLINE_DROP_SHADOW } from '../../style/filters';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../context';
import type { FloatSpace } from '../floats/floats';
import type { Fragment, TextFragment } from '../fragment';
import { linesAroundFloats } from './around-floats';
import { type BreakOptions, breakLines } from './break-lines';
import { collectInlines, type InlineBoxInfo, type InlineContent } from './collect';
import { breakFirstLine, firstLineParagraph } from './first-line';
import { buildParagraph, type Paragraph } from './items';
import { type Align, type OutsideMarker, type PlaceOptions, placeLine } from './place';
import { cachedLines, keepLines, textEntry } from './text-cache';
import { Verticals } from './vertical';

/**
 * Inline layout (CSS 2.1 §9.4.2, CSS Text 3, CSS Inline 3): a block container's inline content in line boxes.
 * collect (white space, text-transform) → items (UAX #14 words, fonts, UAX #9 levels, shaping) → break-lines
 * (greedy, hyphenation, overflow-wrap) → place (bidi reordering per line, alignment, the inline box model).
 */
export function layoutInline(
  box: BlockBox,
  contentWidth: number,
  ctx: LayoutContext,
  space?: FloatSpace,
): BlockContents {
  // Floats beside the lines make them depend on where the block is.
  const entry = space?.floats.reachesBelow(space.y) ? undefined : textEntry(ctx, box, true);
  const cached = entry && cachedLines(entry, contentWidth);
  if (cached) return cached;
  const said = ctx.findings.attempts;
  const contents = layOutLines(box, contentWidth, ctx, space);
  if (entry && ctx.findings.attempts === said) keepLines(entry, contentWidth, contents);
  return contents;
}

function layOutLines(
  box: BlockBox,
  contentWidth: number,
  ctx: LayoutContext,
  space: FloatSpace | undefined,
): BlockContents {
  const { style } = box;
  const content = collectInlines(box, contentWidth);
  const paragraph = buildParagraph(content, contentWidth, ctx, 'layout');
  const first = firstLineParagraph(box, content, contentWidth, ctx);
  reportInlineCompositing(content, box, ctx);
  reportMissingGlyphs(content.text, box, ctx);
  const indent = resolveLength(style.textIndent, contentWidth);
  const breaking: BreakOptions = {
    shaping: ctx.shaping,
    width: contentWidth,
    firstIndent: indent,
    mode: 'layout',
    findings: ctx.findings,
    ...(box.line !== undefined ? { line: box.line } : {}),
  };
  const marker =
    box.marker && box.marker.style.listStylePosition !== 'inside'
      ? outsideMarker(box.marker, contentWidth, style.direction === 'rtl', ctx)
      : undefined;
  const rtl = style.direction === 'rtl';
  const options: PlaceOptions = {
    shaping: ctx.shaping,
    paragraph,
    verticals: new Verticals(ctx.shaping),
    width: contentWidth,
    indent,
    rtl,
    align: resolveAlign(style.textAlign, rtl),
    alignLast: resolveAlign(
      style.textAlignLast === 'auto'
        ? style.textAlign === 'justify'
          ? 'start'
          : style.textAlign
        : style.textAlignLast,
      rtl,
    ),
    marker,
  };
  // Lines beside floats (the paragraph's own, or those of the formatting context reaching down here) are
  // broken one at a time, each as wide as the floats leave room for.
  if (content.floats.length > 0 || space?.floats.reachesBelow(space.y)) {
    return linesAroundFloats({
      box,
      paragraph,
      floats: content.floats,
      breaking,
      place: options,
      contentWidth,
      ctx,
      space,
      first,
    });
  }
  const firstLine = first && breakFirstLine(first, paragraph, contentWidth, breaking);
  const lines = firstLine
    ? [firstLine.line, ...breakLines(paragraph, breaking, firstLine.next, false)]
    : breakLines(paragraph, breaking);
  // A list item with an outside marker and no content still has its marker's line.
  if (lines.length === 0 && marker) lines.push({ items: [], width: 0, forced: false });
  const children: Fragment[] = [];
  let y = 0;
  let firstBaseline: number | undefined;
  let lastBaseline: number | undefined;
  for (let k = 0; k < lines.length; k++) {
    const line = placeLine(lines[k] as (typeof lines)[number], children.length === 0, k === lines.length - 1, options);
    if (!line) continue;
    if (children.length === 0) options.marker = undefined;
    line.y = y;
    firstBaseline ??= y + line.baseline;
    lastBaseline = y + line.baseline;
    y += line.height;
    children.push(line);
  }
  const contents: BlockContents = { children, height: y };
  if (firstBaseline !== undefined) contents.firstBaseline = firstBaseline;
  if (lastBaseline !== undefined) contents.lastBaseline = lastBaseline;
  return contents;
}

/**
 * Min-content and max-content widths of a block's inline content (CSS Sizing 3 §5): the widest piece that cannot
 * be broken (text-indent included on the first line), and the longest line with only forced breaks.
 */
export function inlineIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths {
  const entry = textEntry(ctx, box, true);
  if (entry?.widths) return { min: entry.widths.min, max: entry.widths.max };
  const said = ctx.findings.attempts;
  const widths = measureWidths(box, ctx);
  if (entry && ctx.findings.attempts === said) entry.widths = { min: widths.min, max: widths.max };
  return widths;
}

/**
 * The paragraph is built for measuring and let go. Kept in the text cache for its block's layout (a table's unique
 * cells), it lived from the column widths to the cell's layout, past the young generation: a W2 render pushed some
 * 3 MB more into the old one, and building it again for the layout costs no measurable time.
 */
function measureWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths {
  // Percentages (paddings of inline boxes, text-indent) resolve against 0 while the width is being found.
  const content = collectInlines(box, 0);
  const paragraph = buildParagraph(content, 0, ctx, 'intrinsic');
  const indent = resolveLength(box.style.textIndent, 0);
  // One paragraph serves both: max-content first, as min-content breaks words apart.
  let max = widestLine(paragraph, ctx, indent, 'max');
  let min = widestLine(paragraph, ctx, indent, 'min');
  // Floats sit beside the text at max-content; each must fit at min-content.
  for (const f of content.floats) {
    const widths = ctx.intrinsicWidths(f.box);
    const margins = fixedMargin(f.box.style.marginLeft) + fixedMargin(f.box.style.marginRight);
    min = Math.max(min, widths.min + margins);
    max += widths.max + margins;
  }
  return { min, max };
}

const fixedMargin = (m: ComputedStyle['marginLeft']): number => (m === 'auto' || m.pct !== 0 ? 0 : m.pt);

function widestLine(paragraph: Paragraph, ctx: LayoutContext, indent: number, mode: 'min' | 'max'): number {
  for (const item of paragraph.items) if (item.kind === 'atomic' && item.intrinsic) item.width = item.intrinsic[mode];
  const lines = breakLines(paragraph, {
    shaping: ctx.shaping,
    width: mode === 'min' ? 0 : Number.POSITIVE_INFINITY,
    firstIndent: indent,
    mode,
  });
  let widest = 0;
  lines.forEach((line, k) => {
    widest = Math.max(widest, line.width + (k === 0 ? indent : 0));
  });
  return widest;
}

/**
 * An inline box's content is drawn line by line, not as one group: its `mix-blend-mode` is not applied, its
 * `opacity` and `filter` only to its text (text-opacity.ts, text-filter.ts), not to the images or inline-blocks in
 * it, and its `drop-shadow()` not at all. Said once per block.
 */
function reportInlineCompositing(content: InlineContent, box: BlockBox, ctx: LayoutContext): void {
  // Called for every block with lines (every table cell): no closures, nothing allocated unless there is something
  // to say.
  const { events } = content;
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as InlineContent['events'][number];
    if (event.kind === 'open') {
      const { mixBlendMode, filter } = event.info.style;
      if (mixBlendMode !== 'normal') reportInline(`mix-blend-mode: ${mixBlendMode}`, '', box, ctx);
      if (filter?.functions.some((fn) => fn.kind === 'drop-shadow'))
        reportFilter(filter, `filter: ${INLINE_DROP_SHADOW}`, ctx);
    } else if (event.kind === 'atomic') {
      for (let at: InlineBoxInfo | null = event.owner; at?.parent; at = at.parent) {
        if (at.style.opacity >= 1) continue;
        reportInline(
          `opacity: ${at.style.opacity}`,
          ' to the images or inline-blocks in it (its text is faded)',
          box,
          ctx,
        );
        break;
      }
      for (let at: InlineBoxInfo | null = event.owner; at?.parent; at = at.parent) {
        if (!at.style.filter) continue;
        reportFilter(
          at.style.filter,
          'filter on an inline element (a span) is not applied to the images or inline-blocks in it (its text is filtered); on a block or inline-block it is.',
          ctx,
        );
        break;
      }
    }
  }
}

/** At the filter's declaration (the span's line is not known here). */
function reportFilter(filter: Filter, message: string, ctx: LayoutContext): void {
  ctx.findings.add({ code: 'unsupported_css_value', message, part: filter.part, line: filter.line });
}

function reportInline(what: string, detail: string, box: BlockBox, ctx: LayoutContext): void {
  ctx.findings.add({
    code: 'unsupported_css_value',
    message: `${what} on an inline element (a span) is not applied${detail}; on a block or inline-block it is`,
    ...(box.line !== undefined ? { line: box.line } : {}),
  });
}

// The bundled fonts cover Latin (Extended-B included), Greek and Cyrillic: text below this needs no check.
const BEYOND_LATIN = /[\u0250-\uffff]/;

/** Characters no registered font can draw come out as empty boxes: the template's author is told which. */
function reportMissingGlyphs(text: string, box: BlockBox, ctx: LayoutContext): void {
  if (!BEYOND_LATIN.test(text)) return;
  const missing = ctx.shaping.missing(text.replace(/[\ufffc\u202a-\u202e\u2066-\u2069]/g, ''));
  if (missing.length === 0) return;
  const list = missing.map(
    (ch) => `"${ch}" (U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`,
  );
  ctx.findings.add({
    code: 'missing_glyphs',
    message: `No registered font has ${list.join(', ')}; they are drawn as empty boxes. Register a font that has them.`,
    ...(box.line !== undefined ? { line: box.line } : {}),
  });
}

function resolveAlign(align: ComputedStyle['textAlign'], rtl: boolean): Align {
  if (align === 'start') return rtl ? 'right' : 'left';
  if (align === 'end') return rtl ? 'left' : 'right';
  return align;
}

const SYMBOLS = new Set(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed']);

/**
 * The marker's text shaped in its own style, placed as Chromium places outside markers: a symbol (disc, circle,
 * square) starts two thirds of its font's ascent plus 8px before the content edge; other markers end, with the
 * space that follows them, at the content edge. Mirrored for right-to-left list items.
 */
function outsideMarker(
  marker: NonNullable<BlockBox['marker']>,
  contentWidth: number,
  rtl: boolean,
  ctx: LayoutContext,
): OutsideMarker {
  const { style } = marker;
  const { shaping } = ctx;
  const fragments: TextFragment[] = [];
  let width = 0;
  for (const run of shaping.itemize(marker.text, style)) {
    const shaped = shaping.shape(run.text, run.font, style.fontSize, style.direction);
    fragments.push({
      kind: 'text',
      x: 0,
      y: 0,
      width: shaped.width,
      font: run.font,
      fontSize: style.fontSize,
      glyphs: shaped.glyphs,
      text: run.text,
      color: style.color,
    });
    width += shaped.width;
  }
  const font = shaping.faceFor(style);
  let x: number;
  if (SYMBOLS.has(style.listStyleType)) {
    // Chromium (ListMarker::InlineMarginsForOutside): ascent in whole pixels × 2/3, rounded down, + 7px + 1px.
    const ascentPx = Math.round(shaping.metrics(font, style.fontSize).ascent / 0.75);
    const offset = (Math.floor((ascentPx * 2) / 3) + 8) * 0.75;
    x = rtl ? contentWidth + offset - width : -offset;
  } else {
    const space = shaping.shape(' ', font, style.fontSize, 'ltr').width;
    x = rtl ? contentWidth + space : -(width + space);
  }
  return { fragments, width, style, x };
}
