import { phrase } from '../labels';
import type { DocumentSpec } from '../spec';
import { escapeHtml } from '../text';
import { brandParty, titleOf } from './header';
import { ref } from './liquid';
import type { Theme } from './theme';

/**
 * The running footer (the template's footer_html): who and what on the left, "Page n of N" on the right. The
 * renderer gives footers `page_number` and `page_count`; the body is rendered once, so page numbers cannot be in it.
 */
export function footerBlock(spec: DocumentSpec, t: Theme): { html: string; css: string } {
  const brand = brandParty(spec);
  const name = brand?.lines.find((l) => l.kind === 'name');
  const number = spec.fields.find((f) => /number|_id$/.test(f.concept ?? f.path));
  const left = [
    name ? `{{ ${ref(name.path)} }}` : '',
    escapeHtml(titleOf(spec)) + (number ? ` {{ ${ref(number.path)} }}` : ''),
  ]
    .filter(Boolean)
    .join(' · ');
  const pages = escapeHtml(phrase('page_of', spec.language, { n: '\u0000n', c: '\u0000c' }))
    .replace('\u0000n', '{{ page_number }}')
    .replace('\u0000c', '{{ page_count }}');
  const html = `<div class="q-footer">
  <div class="q-footer-left">${left}</div>
  <div class="q-footer-right">${pages}</div>
</div>`;
  const css = `.q-footer {
  display: flex;
  font-size: ${Math.round(t.size * 0.78 * 10) / 10}pt;
  color: ${t.muted};
  border-top: 1px solid ${t.line};
  padding-top: 5px;
}
.q-footer-left { flex: 3; }
.q-footer-right { flex: 1; text-align: right; }`;
  return { html, css };
}
