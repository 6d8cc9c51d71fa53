import { LOCALES, term } from '../labels';
import type { DocumentSpec, FieldSpec, FontKind, Lang } from '../spec';
import { humanize } from '../text';

/**
 * The look every block shares: the accent and the colours made from it, the font, the base size, and the locale
 * money and dates are written in. Blocks write plain CSS with these values in it (the PDF engine has no CSS
 * variables), always under `q-` classes, so they can be added to templates the provider did not write.
 */
export interface Theme {
  accent: string;
  /** Text on the accent: white on dark accents, near-black on light ones. */
  onAccent: string;
  /** A very light tint of the accent, for boxes and striped rows. */
  tint: string;
  stripe: string;
  line: string;
  muted: string;
  text: string;
  family: string;
  size: number;
  lang: Lang;
  locale: string;
  currency: string;
  /** Below 1 when the title holds a word too long for its line at full size ("Besprechungsprotokoll"). */
  titleScale: number;
}

export const FONT_FAMILIES: Record<FontKind, string> = {
  sans: 'Helvetica, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  mono: '"Courier New", Menlo, monospace',
};

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The accent mixed with white: `amount` 0 is the accent, 1 is white. */
export function mixWhite(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex);
  return toHex([r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount]);
}

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function themeOf(spec: DocumentSpec): Theme {
  const accent = spec.style.accent;
  const light = luminance(accent) > 0.45;
  return {
    // A light accent (yellow, sky) is darkened for text so headings stay readable.
    accent: light ? mixDark(accent, 0.35) : accent,
    onAccent: light ? '#1f2933' : '#ffffff',
    tint: mixWhite(accent, 0.92),
    stripe: mixWhite(accent, 0.96),
    line: '#dde3ea',
    muted: '#616e7c',
    text: '#1f2933',
    family: familyFor(spec),
    size: spec.style.size,
    lang: spec.language,
    locale: spec.language === 'en' && spec.currency === 'GBP' ? 'en-GB' : LOCALES[spec.language],
    currency: spec.currency,
    titleScale: titleScale(spec),
  };
}

/** A heading word of more than 14 letters shrinks the heading so that it fits the header's column. */
function titleScale(spec: DocumentSpec): number {
  const title = spec.title.text ?? (spec.title.concept ? term(spec.title.concept, spec.language) : undefined) ?? '';
  // Japanese breaks between any two characters; only words of Latin letters cannot break.
  const longest = Math.max(0, ...title.split(/[\s-]+/).map((w) => (/^[\p{Script=Latin}]+$/u.test(w) ? w.length : 0)));
  return longest > 14 ? Math.max(0.6, 14 / longest) : 1;
}

function mixDark(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex);
  return toHex([r * (1 - amount), g * (1 - amount), b * (1 - amount)]);
}

/** A field's label: the one someone gave, else the dictionary's in the document's language, else its data name. */
export function labelOf(field: Pick<FieldSpec, 'concept' | 'label' | 'path'>, lang: Lang): string {
  if (field.label) return field.label;
  if (field.concept) {
    const t = term(field.concept, lang);
    if (t) return t;
  }
  return humanize(field.path.split('.').pop() ?? field.path);
}

/**
 * Japanese pages name Japanese faces after the Latin ones, so Latin text keeps its face and kana and kanji take a
 * Japanese one (@quire/fonts-cjk draws these names; without it the render reports missing glyphs).
 */
const JAPANESE_FACES: Record<FontKind, string> = {
  sans: '"Hiragino Sans", "Yu Gothic", Meiryo',
  serif: '"Hiragino Mincho ProN", "Yu Mincho", "MS Mincho"',
  mono: '"MS Gothic"',
};

function familyFor(spec: DocumentSpec): string {
  const family = FONT_FAMILIES[spec.style.font];
  if (spec.language !== 'ja') return family;
  const generic = family.lastIndexOf(', ');
  return `${family.slice(0, generic)}, ${JAPANESE_FACES[spec.style.font]}${family.slice(generic)}`;
}

const pt = (n: number) => `${Math.round(n * 10) / 10}pt`;

export function baseCss(t: Theme): string {
  return `body {
  font-family: ${t.family};
  font-size: ${pt(t.size)};
  line-height: 1.4;
  color: ${t.text};
}
p { margin: 0 0 3px 0; }
h1 {
  font-size: ${pt(t.size * 2.3 * t.titleScale)};
  font-weight: bold;
  color: ${t.accent};
  letter-spacing: 0.5px;
  margin: 0 0 8px 0;
}
h2 {
  font-size: ${pt(t.size * 1.1)};
  font-weight: bold;
  color: ${t.accent};
  margin: 0 0 5px 0;
}
.q-muted { color: ${t.muted}; }
.q-label {
  font-size: ${pt(t.size * 0.8)};
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: ${t.muted};
  margin-bottom: 4px;
}
.q-section { margin-bottom: 14px; }
.q-text { white-space: pre-line; }
.num { text-align: right; }`;
}
