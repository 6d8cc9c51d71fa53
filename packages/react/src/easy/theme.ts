/**
 * Easy Mode's theme controls as scoped edits: the accent colour (every place the template's main colour is
 * written, and nowhere else), the font (the `body` rule's `font-family`), the logo (one image's `src`) and the
 * page. Each returns the parts it changed; everything else stays byte for byte.
 */
import type { TemplateDraft } from '../builder/types';
import { isSelectable } from './annotate';
import { removeElement, setAttribute } from './edits';
import { appendDeclaration, parseDeclarations } from './inline-style';
import { attribute, attributeValue, type EditablePart, parseSource, type SourceTree } from './source-tree';

const PARTS: EditablePart[] = ['html', 'header_html', 'footer_html'];
const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-f])/gi;

/** `#abc` → `#aabbcc`, lower case. */
export function normalizeHex(hex: string): string {
  const h = hex.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

function hsl(hex: string): { s: number; l: number } {
  const n = normalizeHex(hex);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(n.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  return { s, l };
}

/** A colour that reads as a colour, not a grey, a near-black or a near-white. */
const chromatic = (hex: string) => {
  const { s, l } = hsl(hex);
  return s >= 0.25 && l >= 0.1 && l <= 0.9;
};

/** Where colours may be written in an HTML part: style attributes, SVG paints, `<style>` blocks. */
const COLOUR_ATTRIBUTES = new Set(['style', 'fill', 'stroke', 'color', 'bgcolor', 'stop-color']);

function colourRanges(tree: SourceTree): [number, number][] {
  const ranges: [number, number][] = [];
  for (const element of tree.elements) {
    for (const attr of element.attributes) {
      if (attr.value && !attr.liquid && COLOUR_ATTRIBUTES.has(attr.name))
        ranges.push([attr.value.start, attr.value.end]);
    }
    if (element.name === 'style') {
      const text = element.children[0];
      if (text?.kind === 'text') ranges.push([text.start, text.end]);
    }
  }
  return ranges;
}

interface Occurrence {
  part: keyof Pick<TemplateDraft, 'css' | EditablePart>;
  start: number;
  end: number;
  color: string;
}

function occurrences(draft: TemplateDraft): Occurrence[] {
  const found: Occurrence[] = [];
  const scan = (part: Occurrence['part'], text: string, from: number, to: number) => {
    HEX.lastIndex = 0;
    const slice = text.slice(from, to);
    for (let m = HEX.exec(slice); m; m = HEX.exec(slice)) {
      found.push({ part, start: from + m.index, end: from + m.index + m[0].length, color: normalizeHex(m[0]) });
    }
  };
  scan('css', draft.css, 0, draft.css.length);
  for (const part of PARTS) {
    const source = draft[part];
    if (!source) continue;
    for (const [from, to] of colourRanges(parseSource(source, part))) scan(part, source, from, to);
  }
  return found;
}

/** The template's accent: the colour (not a grey) written most often in its CSS and markup. */
export function findAccent(draft: TemplateDraft): string | null {
  const counts = new Map<string, number>();
  for (const { color } of occurrences(draft)) {
    if (chromatic(color)) counts.set(color, (counts.get(color) ?? 0) + 1);
  }
  let best: string | null = null;
  let most = 0;
  for (const [color, count] of counts) {
    if (count > most) {
      best = color;
      most = count;
    }
  }
  return best;
}

/** How many times a colour is written where `setAccent` would change it. */
export function colourCount(draft: TemplateDraft, color: string): number {
  const target = normalizeHex(color);
  return occurrences(draft).filter((o) => o.color === target).length;
}

/** What a theme control changes: the draft fields, to merge into the draft. */
export type DraftPatch = Partial<Pick<TemplateDraft, 'html' | 'css' | 'header_html' | 'footer_html' | 'page'>>;

const ACCENT_RULE = (color: string) => `\n/* Accent colour */\nh1, h2, h3 { color: ${color}; }\n`;

/**
 * Writes `to` wherever the accent `from` is written (in CSS, style attributes, SVG paints and `<style>`
 * blocks), in the case the template used. With no accent yet, adds one rule for the headings.
 */
export function setAccent(draft: TemplateDraft, from: string | null, to: string): DraftPatch {
  const next = to.toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(next)) throw new Error(`Not a colour: ${to}`);
  if (!from) return { css: `${draft.css.replace(/\s*$/, '')}\n${ACCENT_RULE(next)}`.replace(/^\n+/, '') };
  const target = normalizeHex(from);
  const patch: DraftPatch = {};
  const byPart = new Map<Occurrence['part'], Occurrence[]>();
  for (const occurrence of occurrences(draft)) {
    if (occurrence.color !== target) continue;
    byPart.set(occurrence.part, [...(byPart.get(occurrence.part) ?? []), occurrence]);
  }
  for (const [part, list] of byPart) {
    let text = draft[part];
    for (const { start, end } of [...list].sort((a, b) => b.start - a.start)) {
      const written = text.slice(start, end);
      const value = written === written.toUpperCase() && /[A-F]/.test(written) ? next.toUpperCase() : next;
      text = text.slice(0, start) + value + text.slice(end);
    }
    patch[part] = text;
  }
  return patch;
}

// ---------------------------------------------------------------------------------------------------------------
// Font

export type FontChoice = 'sans' | 'serif' | 'mono';

/** The stacks Easy Mode writes: Quire's bundled family first, then names other engines know. */
export const FONT_STACKS: Record<FontChoice, string> = {
  sans: '"Noto Sans", Helvetica, Arial, sans-serif',
  serif: '"Noto Serif", Georgia, "Times New Roman", serif',
  mono: '"Noto Sans Mono", Menlo, Consolas, monospace',
};

const SERIF =
  /^(serif|ui-serif|times|times new roman|georgia|garamond|cambria|palatino|book antiqua|noto serif|liberation serif)$/;
const MONO =
  /^(monospace|ui-monospace|courier|courier new|menlo|consolas|monaco|sf mono|noto sans mono|liberation mono|dejavu sans mono)$/;

/** The kind of font a `font-family` value asks for first. */
export function fontChoiceOf(family: string | undefined): FontChoice | null {
  if (!family) return null;
  const first =
    family
      .split(',')[0]
      ?.trim()
      .replace(/^["']|["']$/g, '')
      .toLowerCase() ?? '';
  if (SERIF.test(first)) return 'serif';
  if (MONO.test(first)) return 'mono';
  return first ? 'sans' : null;
}

interface CssRule {
  selector: string;
  /** The declarations between the braces. */
  blockStart: number;
  blockEnd: number;
}

/** Top-level rules of a style sheet (comments and strings skipped; at-rules' blocks skipped whole). */
export function cssRules(css: string): CssRule[] {
  const rules: CssRule[] = [];
  let i = 0;
  let selectorStart = 0;
  while (i < css.length) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      if (
        !css
          .slice(selectorStart, i)
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .trim()
      )
        selectorStart = i;
      continue;
    }
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end < 0 ? css.length : end + 1;
      continue;
    }
    if (c === '{') {
      const selector = css
        .slice(selectorStart, i)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim();
      // Find the matching brace.
      let depth = 1;
      let j = i + 1;
      while (j < css.length && depth > 0) {
        if (css.startsWith('/*', j)) {
          const end = css.indexOf('*/', j + 2);
          j = end < 0 ? css.length : end + 2;
          continue;
        }
        if (css[j] === '{') depth++;
        else if (css[j] === '}') depth--;
        j++;
      }
      if (!selector.startsWith('@')) rules.push({ selector, blockStart: i + 1, blockEnd: Math.max(i + 1, j - 1) });
      i = j;
      selectorStart = i;
      continue;
    }
    if (c === ';' && css.slice(selectorStart, i).trim().startsWith('@')) {
      // `@import …;` and the like.
      selectorStart = i + 1;
    }
    i++;
  }
  return rules;
}

const isBodyRule = (rule: CssRule) => rule.selector.split(',').some((s) => /^(html|body)$/i.test(s.trim()));

/** The `font-family` of the `body` rule, and where its value is. */
function bodyFont(css: string): { value: string; start: number; end: number } | null {
  for (const rule of cssRules(css).filter(isBodyRule)) {
    const block = css.slice(rule.blockStart, rule.blockEnd);
    const found = parseDeclarations(block).filter((d) => d.property === 'font-family');
    const last = found[found.length - 1];
    if (last)
      return { value: last.value, start: rule.blockStart + last.valueStart, end: rule.blockStart + last.valueEnd };
  }
  return null;
}

/** The body font the template sets, as written. */
export const currentFont = (css: string): string | undefined => bodyFont(css)?.value;

/** Sets the body font: the `body` rule's `font-family` value, else a declaration in it, else a new rule. */
export function setFont(css: string, choice: FontChoice): string {
  const stack = FONT_STACKS[choice];
  const found = bodyFont(css);
  if (found) return css.slice(0, found.start) + stack + css.slice(found.end);
  const body = cssRules(css).find(isBodyRule);
  if (body) {
    const block = css.slice(body.blockStart, body.blockEnd);
    const trailing = block.length - block.trimEnd().length;
    const content = block.slice(0, block.length - trailing);
    const added = appendDeclaration(content, 'font-family', stack);
    const end = added.endsWith(';') ? added : `${added};`;
    return css.slice(0, body.blockStart) + end + block.slice(block.length - trailing) + css.slice(body.blockEnd);
  }
  const head = css.replace(/\s*$/, '');
  return `${head}${head ? '\n' : ''}body { font-family: ${stack}; }\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Logo

/** The largest logo file Easy Mode takes: it is written into the template as a data URI. */
export const MAX_LOGO_BYTES = 200 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

export interface LogoInfo {
  part: EditablePart;
  id: string;
  /** The `src` as written; null when it is Liquid (the data decides). */
  src: string | null;
}

/** The template's logo: the first image whose class, id or alt says "logo". */
export function findLogo(draft: TemplateDraft): LogoInfo | null {
  for (const part of PARTS) {
    const source = draft[part];
    if (!source) continue;
    const tree = parseSource(source, part);
    for (const element of tree.elements) {
      if (element.name !== 'img') continue;
      const names = ['class', 'id', 'alt'].map((n) => attributeValue(source, element, n) ?? '').join(' ');
      if (!/logo/i.test(names)) continue;
      const src = attribute(element, 'src');
      return {
        part,
        id: element.id,
        src: src?.value && !src.liquid ? source.slice(src.value.start, src.value.end) : src?.liquid ? null : '',
      };
    }
  }
  return null;
}

/** Sets the logo: the logo image's `src`, or a new image before the first element of the body. */
export function setLogo(draft: TemplateDraft, dataUri: string): DraftPatch {
  if (!/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(dataUri)) {
    throw new Error('The logo must be a PNG, JPEG or SVG data URI');
  }
  const logo = findLogo(draft);
  if (logo && logo.src !== null) {
    return { [logo.part]: setAttribute(parseSource(draft[logo.part], logo.part), logo.id, 'src', dataUri) };
  }
  const tree = parseSource(draft.html, 'html');
  const first = tree.elements.find(isSelectable);
  const body = tree.elements.find((e) => e.name === 'body');
  const at = first?.start ?? (body ? body.openEnd : 0);
  const image = `<img class="logo" src="${dataUri}" alt="Logo" style="height: 14mm">`;
  const lineStart = draft.html.lastIndexOf('\n', at - 1) + 1;
  const indent = draft.html.slice(lineStart, at);
  const insert = /^\s*$/.test(indent) ? `${image}\n${indent}` : image;
  return { html: draft.html.slice(0, at) + insert + draft.html.slice(at) };
}

/** Removes the logo image. */
export function removeLogo(draft: TemplateDraft): DraftPatch {
  const logo = findLogo(draft);
  if (!logo) return {};
  return { [logo.part]: removeElement(parseSource(draft[logo.part], logo.part), logo.id) };
}
