import { phrase } from '../labels';
import type { DocumentSpec, FieldSpec } from '../spec';
import { escapeHtml } from '../text';
import { brandParty, partyLines, titleOf } from './header';
import { ifPresent, out, ref } from './liquid';
import { labelOf, type Theme } from './theme';

/**
 * A certificate's face, after the certificate starter: a double frame, the issuer, the title, the recipient's
 * name large, what it is for, and a line of details. Its sections (signature, QR code) go inside the frame.
 */
export function certificateBlock(
  spec: DocumentSpec,
  t: Theme,
  inner: string,
  compact = false,
): { html: string; css: string } {
  // Generous spacing fills a landscape page; a busy certificate (codes, notes and signatures) gets a third of it.
  const k = compact ? 0.3 : 1;
  const px = (n: number) => `${Math.round(n * k)}px`;
  const brand = brandParty(spec);
  const recipient = spec.fields.find((f) => f.concept === 'recipient');
  const course = spec.fields.find((f) => f.concept === 'course');
  const rest = spec.fields.filter((f) => f !== recipient && f !== course);
  const logo = spec.logo ? ifPresent(spec.logo, `<img class="q-logo" src="{{ ${ref(spec.logo)} }}" alt="Logo">`) : '';
  const meta = rest
    .map((f: FieldSpec) =>
      ifPresent(
        f.path,
        `<span class="q-cert-item">${escapeHtml(labelOf(f, t.lang))}: <strong>${out(f.path, f.type, t)}</strong></span>`,
      ),
    )
    .join(' &#183; ');
  const html = `<div class="q-frame">
<div class="q-frame-inner">
  <div class="q-cert-issuer">
    ${logo}
    ${brand ? partyLines({ ...brand, lines: brand.lines.filter((l) => l.kind === 'name') }, 'q-cert-issuer-name') : ''}
  </div>
  <h1 class="q-cert-title">${escapeHtml(titleOf(spec))}</h1>
  ${recipient ? `<p class="q-presented">${escapeHtml(phrase('presented_to', spec.language))}</p>\n  <p class="q-recipient">{{ ${ref(recipient.path)} }}</p>` : ''}
  ${course ? `<p class="q-presented">${escapeHtml(phrase('for_completing', spec.language))}</p>\n  <p class="q-course">{{ ${ref(course.path)} }}</p>` : ''}
  ${meta ? `<p class="q-cert-meta">${meta}</p>` : ''}
${inner}
</div>
</div>`;
  const css = `.q-frame { border: 6px solid ${t.accent}; padding: 5px; }
.q-frame-inner { border: 1.5px solid #c9a227; padding: ${px(80)} 64px ${px(56)} 64px; text-align: center; }
.q-cert-issuer { margin-bottom: ${px(14)}; }
.q-logo { height: 46px; margin-bottom: 4px; }
.q-cert-issuer-name { font-size: ${Math.round(t.size * 1.0 * 10) / 10}pt; font-weight: bold; letter-spacing: 2px; text-transform: uppercase; color: ${t.accent}; }
.q-cert-title { font-size: ${Math.round(t.size * 2.6 * 10) / 10}pt; letter-spacing: 3px; text-transform: uppercase; color: ${t.accent}; margin: ${px(20)} 0 ${px(32)} 0; }
.q-presented { font-size: ${Math.round(t.size * 1.05 * 10) / 10}pt; font-style: italic; color: ${t.muted}; margin: 0; }
.q-recipient { font-size: ${Math.round(t.size * 2.7 * 10) / 10}pt; font-weight: bold; color: #8a6d12; margin: ${px(10)} 0 ${px(28)} 0; }
.q-course { font-size: ${Math.round(t.size * 1.55 * 10) / 10}pt; font-weight: bold; color: ${t.accent}; margin: ${px(10)} 0 ${px(26)} 0; }
.q-cert-meta { font-size: ${Math.round(t.size * 0.85 * 10) / 10}pt; color: ${t.muted}; margin: 6px 0 8px 0; }
.q-frame-inner .q-signatures { margin-top: ${px(60)}; margin-bottom: 12px; }
.q-frame-inner .q-sign { text-align: center; }
.q-frame-inner .q-code { text-align: center; }
.q-frame-inner .q-section { text-align: center; }`;
  return { html, css };
}
