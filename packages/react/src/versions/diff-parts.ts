import type { TemplateDraft } from '../builder/types';

export type DiffPart = 'html' | 'css' | 'header_html' | 'footer_html' | 'sample_data' | 'page';

export const DIFF_PARTS: readonly DiffPart[] = ['html', 'css', 'header_html', 'footer_html', 'sample_data', 'page'];

/** A part of a draft as text: sources as they are, data and page as formatted JSON. */
export function partText(draft: TemplateDraft, part: DiffPart): string {
  const value = draft[part];
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** The parts that differ between two drafts. */
export function changedParts(a: TemplateDraft, b: TemplateDraft): DiffPart[] {
  return DIFF_PARTS.filter((part) => partText(a, part) !== partText(b, part));
}
