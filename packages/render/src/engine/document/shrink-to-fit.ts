import type { Findings } from '../findings';

/**
 * Chromium's kPrintingMaximumShrinkFactor over its kPrintingMinimumShrinkFactor (2 / 1.333…), the ratio it passes
 * to LocalFrame::StartPrinting: a document is printed at two thirds of its size at the smallest, and what is wider
 * still is cut off at the paper's edge.
 */
const MAXIMUM_SHRINK = 2 / 1.33333333;
const PX = 0.75;

/**
 * How many times wider than the page area a document is laid out, as Chromium prints a document wider than the
 * page (LocalFrameView::ForceLayoutForPagination): laid out again as wide as it is (in whole pixels), at most twice
 * 1.5 times the page area's width, pages as much taller, then printed that much smaller. 1 when it fits.
 */
export function shrinkFactor(documentWidth: number, pageAreaWidth: number): number {
  // A page area with no width (margins as wide as the paper) has nothing to scale to: what overflows is cut off.
  if (!(pageAreaWidth > 0) || documentWidth <= pageAreaWidth + 0.01) return 1;
  // Chromium's width in whole pixels, rounded, then floored when capped (LocalFrame::ResizePageRectsKeepingRatio).
  const wide = Math.floor(Math.min(Math.round(documentWidth / PX), (pageAreaWidth / PX) * MAXIMUM_SHRINK));
  return Math.max(1, (wide * PX) / pageAreaWidth);
}

/** What becomes of a document laid out `factor` times as wide as the page. */
export const shrunkBy = (factor: number): string =>
  `the document is printed at ${Math.round(100 / factor)}% of its size, as Chromium prints it`;

/**
 * Says that, and how much, a document is printed smaller than it was written, when no table or block is to blame
 * (a transformed box, a line of text): its author may want to know why.
 */
export function reportShrink(findings: Findings, documentWidth: number, pageAreaWidth: number, factor: number): void {
  findings.add({
    code: 'content_overflow',
    message: `The content is ${Math.round(documentWidth)}pt wide, wider than the page's ${Math.round(pageAreaWidth)}pt: ${shrunkBy(factor)}`,
  });
}
