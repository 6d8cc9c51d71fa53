import { type PageSetup, pageDimensions } from './template.schema';

// A CSS pixel, in millimetres: less room than that prints nothing, or a line a page over dozens of pages.
const PX_MM = 25.4 / 96;

/** Margins that leave no room for content across the page (`width`) or down it (`height`), in millimetres. */
export interface PageRoomProblem {
  axis: 'width' | 'height';
  /** The page's width or height, after its orientation. */
  page_mm: number;
  /** The left and right, or top and bottom, margins together. */
  margins_mm: number;
}

/**
 * Whether a page setup's margins leave less than a CSS pixel of room for content; null when they leave room. The
 * schema accepts any margins up to 200 mm on any page size, so a template's form, its API and its renderer check
 * this one rule; each words it for its reader (pageRoomMessage for the API and the renderer).
 */
export function pageRoomProblem(page: PageSetup): PageRoomProblem | null {
  const { width_mm, height_mm } = pageDimensions(page);
  const { top, right, bottom, left } = page.margins;
  const tenth = (value: number) => Math.round(value * 10) / 10;
  if (width_mm - left - right < PX_MM)
    return { axis: 'width', page_mm: tenth(width_mm), margins_mm: tenth(left + right) };
  if (height_mm - top - bottom < PX_MM)
    return { axis: 'height', page_mm: tenth(height_mm), margins_mm: tenth(top + bottom) };
  return null;
}

/** The problem in a sentence that says which margins to make smaller. */
export function pageRoomMessage(problem: PageRoomProblem): string {
  const [extent, sides] = problem.axis === 'width' ? ['wide', 'left and right'] : ['high', 'top and bottom'];
  return `The page's margins leave no room for content: the page is ${problem.page_mm}mm ${extent} and its ${sides} margins take ${problem.margins_mm}mm.`;
}
