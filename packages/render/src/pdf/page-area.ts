import { PageSetup, type PageSetupInput, pageDimensions, QuireError } from '@quire/core';

// A CSS pixel, in millimetres.
const PX_MM = 25.4 / 96;

/**
 * A page setup whose margins leave less than a CSS pixel of room prints nothing, or a line a page over dozens of
 * pages: it is refused before any engine lays it out, saying which margins to make smaller. (Its own module: the
 * browser entry checks it too, without the pdfmake converter that pdf/document.ts brings.)
 */
export function assertPageArea(input: PageSetupInput | undefined): void {
  const page = PageSetup.parse(input ?? {});
  const { width_mm, height_mm } = pageDimensions(page);
  const { top, right, bottom, left } = page.margins;
  const mm = (value: number) => Math.round(value * 10) / 10;
  if (width_mm - left - right < PX_MM) {
    throw new QuireError('validation_failed', {
      param: 'page.margins',
      message: `The page's margins leave no room for content: the page is ${mm(width_mm)}mm wide and its left and right margins take ${mm(left + right)}mm.`,
    });
  }
  if (height_mm - top - bottom < PX_MM) {
    throw new QuireError('validation_failed', {
      param: 'page.margins',
      message: `The page's margins leave no room for content: the page is ${mm(height_mm)}mm high and its top and bottom margins take ${mm(top + bottom)}mm.`,
    });
  }
}
