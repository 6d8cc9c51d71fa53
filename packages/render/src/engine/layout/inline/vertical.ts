import type { ComputedStyle } from '../../style/computed-style';
import type { FaceMetrics, TextShaping } from '../../text/shaper-types';
import type { FontFaceRef } from '../fragment';
import type { InlineBoxInfo } from './collect';
import type { AtomicItem } from './items';

/**
 * The CSS inline box model's vertical side (CSS 2.1 §10.8): each inline box's layout bounds (its font's ascent
 * and descent with half the leading above and below), its baseline shift by vertical-align, and, per line, the
 * line box that holds them all.
 */

const PX = 0.75;

export interface VerticalBox {
  /** Ascent and descent of the box's first available font (its content area), and its x-height. */
  ascent: number;
  descent: number;
  xHeight: number;
  /** Layout bounds around the box's baseline (top negative, y down). */
  top: number;
  bottom: number;
  /** The nearest box aligned with `vertical-align: top | bottom` it sits in (itself included), null for none. */
  group: object | null;
  align: 'top' | 'bottom' | null;
  /** Its baseline's offset from its group's baseline (or the root's), y down. */
  offset: number;
}

/** Line height of a style in points: `normal` is the font's ascent + descent + line gap. */
export function lineHeightOf(style: ComputedStyle, metrics: FaceMetrics): number {
  const lh = style.lineHeight;
  if (lh.kind === 'normal') return metrics.ascent + metrics.descent + metrics.lineGap;
  // Chromium keeps lengths in 1/64 px (LayoutUnit): the font size rounded to it, times the number, cut down to it.
  // Measured over 128 lines: 8pt (10.667px) at 1.5 is 16px, 10pt (13.333px) at 1.35 is 17.984375px.
  if (lh.kind === 'number') return layoutUnit(layoutUnit(style.fontSize, Math.round) * lh.value);
  return layoutUnit(lh.value);
}

/** Points to Chromium's layout precision, 1/64 of a CSS pixel: cut towards zero unless told otherwise. */
function layoutUnit(pt: number, to: (units: number) => number = (u) => Math.floor(u + 1e-6)): number {
  return (to((pt / PX) * 64) / 64) * PX;
}

export class Verticals {
  private readonly boxes = new Map<InlineBoxInfo, VerticalBox>();
  // Made with the first atomic item: most paragraphs (a table's cells) have none.
  private atomics: Map<AtomicItem, VerticalBox> | undefined;

  constructor(private readonly shaping: TextShaping) {}

  of(info: InlineBoxInfo): VerticalBox {
    let box = this.boxes.get(info);
    if (box) return box;
    const { style } = info;
    const metrics = this.shaping.metrics(this.shaping.faceFor(style), style.fontSize);
    const leading = lineHeightOf(style, metrics) - metrics.ascent - metrics.descent;
    // Chromium floors the half above to whole pixels and puts the rest below (CalculateLeadingSpace).
    const above = Math.floor(leading / 2 / PX + 1e-9) * PX;
    box = {
      ascent: metrics.ascent,
      descent: metrics.descent,
      xHeight: metrics.xHeight,
      top: -(metrics.ascent + above),
      bottom: metrics.descent + leading - above,
      group: null,
      align: null,
      offset: 0,
    };
    if (info.parent) this.align(box, style, info, this.of(info.parent), info.parent.style);
    this.boxes.set(info, box);
    return box;
  }

  /**
   * Bounds of text in a fallback font under `line-height: normal`, which browsers let grow the line: its own line
   * gap split as the box's leading is, the half above floored to whole pixels (Chromium's CalculateLeadingSpace
   * for each used font). Split in halves, a primary font's odd-pixel gap (Arimo at 12pt or 14pt) made every line
   * half a pixel taller than Chromium's.
   */
  fallbackBounds(style: ComputedStyle, font: FontFaceRef): [number, number] | null {
    if (style.lineHeight.kind !== 'normal') return null;
    const metrics = this.shaping.metrics(font, style.fontSize);
    const above = Math.floor(metrics.lineGap / 2 / PX + 1e-9) * PX;
    return [-(metrics.ascent + above), metrics.descent + metrics.lineGap - above];
  }

  atomic(item: AtomicItem): VerticalBox {
    let box = this.atomics?.get(item);
    if (box) return box;
    box = {
      ascent: item.baseline,
      descent: item.height - item.baseline,
      xHeight: 0,
      top: -item.baseline,
      bottom: item.height - item.baseline,
      group: null,
      align: null,
      offset: 0,
    };
    this.align(box, item.atomic.style, item, this.of(item.owner), item.owner.style);
    this.atomics ??= new Map();
    this.atomics.set(item, box);
    return box;
  }

  private align(
    box: VerticalBox,
    style: ComputedStyle,
    key: object,
    parent: VerticalBox,
    parentStyle: ComputedStyle,
  ): void {
    const va = style.verticalAlign;
    if (va === 'top' || va === 'bottom') {
      box.group = key;
      box.align = va;
      return;
    }
    box.group = parent.group;
    box.offset = parent.offset + baselineShift(va, box, parent, parentStyle);
  }
}

/** How far down a box's baseline sits from its parent's (CSS 2.1 §10.8.1; sub and super as Chromium shifts them). */
function baselineShift(
  va: ComputedStyle['verticalAlign'],
  box: VerticalBox,
  parent: VerticalBox,
  parentStyle: ComputedStyle,
): number {
  if (typeof va === 'object') return -va.pt;
  switch (va) {
    case 'sub':
      return parentStyle.fontSize / 5 + 0.75;
    case 'super':
      return -(parentStyle.fontSize / 3 + 0.75);
    case 'text-top':
      return -parent.ascent - box.top;
    case 'text-bottom':
      return parent.descent - box.bottom;
    case 'middle':
      return -parent.xHeight / 2 - (box.top + box.bottom) / 2;
    default:
      return 0;
  }
}
