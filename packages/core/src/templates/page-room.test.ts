import { describe, expect, it } from 'vitest';
import { pageRoomMessage, pageRoomProblem } from './page-room';
import { PageSetup } from './template.schema';

const page = (input: Parameters<typeof PageSetup.parse>[0]) => PageSetup.parse(input);

describe('pageRoomProblem', () => {
  it('passes margins that leave room, down to a CSS pixel', () => {
    expect(pageRoomProblem(page({}))).toBeNull();
    // A4 is 210mm wide: 104.8 + 104.9 leave 0.3mm, a little more than a pixel (0.265mm).
    expect(pageRoomProblem(page({ margins: { top: 10, right: 104.9, bottom: 10, left: 104.8 } }))).toBeNull();
  });

  it('names the margins across a page that leave no room, after its orientation', () => {
    const problem = pageRoomProblem(page({ size: 'A4', margins: { top: 10, right: 105, bottom: 10, left: 105 } }));
    expect(problem).toEqual({ axis: 'width', page_mm: 210, margins_mm: 210 });
    expect(pageRoomMessage(problem as NonNullable<typeof problem>)).toBe(
      "The page's margins leave no room for content: the page is 210mm wide and its left and right margins take 210mm.",
    );
    // Landscape A4 is 297mm wide: the same margins leave room across it.
    const landscape = page({ orientation: 'landscape', margins: { top: 10, right: 105, bottom: 10, left: 105 } });
    expect(pageRoomProblem(landscape)).toBeNull();
  });

  it('names the margins down a page that leave no room', () => {
    const problem = pageRoomProblem(
      page({ size: 'custom', width_mm: 100, height_mm: 50, margins: { top: 30, right: 5, bottom: 25, left: 5 } }),
    );
    expect(problem).toEqual({ axis: 'height', page_mm: 50, margins_mm: 55 });
    expect(pageRoomMessage(problem as NonNullable<typeof problem>)).toContain(
      'the page is 50mm high and its top and bottom margins take 55mm',
    );
  });
});
