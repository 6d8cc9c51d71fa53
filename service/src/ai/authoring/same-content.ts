import type { TemplateContent } from '@quire/core';

/** A value in a form that does not depend on the order of object keys. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

const parts = (content: TemplateContent) =>
  JSON.stringify(
    canonical({
      html: content.html,
      css: content.css ?? '',
      header_html: content.header_html ?? '',
      footer_html: content.footer_html ?? '',
      page: content.page ?? null,
      sample_data: content.sample_data ?? {},
    }),
  );

/** Whether two versions show the same reports: the same body, style, header, footer, page and sample. */
export function sameContent(before: TemplateContent, after: TemplateContent): boolean {
  return parts(before) === parts(after);
}
