import type { FontFaces } from '../../fonts/font-set';
import { FontRegistry } from '../../fonts/registry';
import type { Findings } from '../findings';
import type { FontFaceRule } from '../parse/css';

type Face = keyof FontFaces;

interface Source {
  family: string;
  faces: Face[];
  url: string;
  /** The font's bytes: a data URI's, or those the render's assets hold for the URL. */
  bytes: Uint8Array | undefined;
  rule: FontFaceRule;
}

/** The bytes a render has for a URL that is not a data URI (its assets, by name), if any. */
export type ResolveFontUrl = (url: string) => Uint8Array | undefined;

// The registries a template's @font-face fonts made, per base registry, by their sources: the next render of the
// template reuses the parsed fonts and the shaped words.
interface Made {
  registry: FontRegistry;
  /** Sources whose bytes are not a font: reported again each time the registry is reused. */
  broken: Source[];
}
const made = new WeakMap<FontRegistry, Map<string, Made>>();
const KEPT = 8;

/**
 * The registry a document draws with: `base`, with the families the template's `@font-face` rules bring (CSS Fonts
 * 4 §4). Each rule's first `src` that is a `data:` URI, or a URL the render has the bytes of (`resolve`: its assets,
 * as `quire render` gives the files beside a template), is taken; its `font-weight` (600 and up, or a range reaching
 * 700, is bold) and `font-style` say which face it is. A rule with no such source, or bytes that are not a font, is
 * reported (`font_not_loaded`) and the text falls back along its `font-family` list, as in a browser.
 */
export function withFontFaces(
  base: FontRegistry,
  rules: FontFaceRule[],
  findings: Findings,
  resolve: ResolveFontUrl = () => undefined,
): FontRegistry {
  if (rules.length === 0) return base;
  const sources = rules.flatMap((rule) => sourceOf(rule, findings, resolve) ?? []);
  if (sources.length === 0) return base;
  // A data URI is its own key; the bytes of an asset may change under the same name from one render to the next.
  const key = sources
    .map(
      (s) =>
        `${s.family}\u0000${s.faces.join()}\u0000${/^data:/i.test(s.url) ? s.url : `${s.url}\u0000${fingerprint(s.bytes)}`}`,
    )
    .join('\u0001');
  let byKey = made.get(base);
  if (!byKey) {
    byKey = new Map();
    made.set(base, byKey);
  }
  let entry = byKey.get(key);
  if (entry) byKey.delete(key);
  else entry = make(base, sources);
  byKey.set(key, entry);
  if (byKey.size > KEPT) byKey.delete(byKey.keys().next().value as string);
  for (const source of entry.broken)
    report(findings, source.rule, `@font-face "${source.family}": the font is not a TrueType, OpenType or WOFF font`);
  return entry.registry;
}

function make(base: FontRegistry, sources: Source[]): Made {
  const broken: Source[] = [];
  const families = new Map<string, Partial<FontFaces>>();
  for (const source of sources) {
    const { bytes } = source;
    if (!bytes || !isFont(source.family, bytes)) {
      broken.push(source);
      continue;
    }
    const faces = families.get(source.family) ?? {};
    for (const face of source.faces) faces[face] ??= bytes;
    families.set(source.family, faces);
  }
  const complete: Record<string, FontFaces> = {};
  for (const [family, faces] of families) {
    const normal = faces.normal ?? faces.bold ?? faces.italics ?? faces.bolditalics;
    if (normal) complete[family] = { ...faces, normal };
  }
  return { registry: Object.keys(complete).length > 0 ? base.extended(complete) : base, broken };
}

function report(findings: Findings, rule: FontFaceRule, message: string): void {
  findings.add({
    code: 'font_not_loaded',
    message: `${message}; its text is drawn in the next font of its list.`,
    line: rule.line,
    part: rule.part,
  });
}

/** The family, faces and source of one @font-face rule, or nothing (reported) when it has none to use. */
function sourceOf(rule: FontFaceRule, findings: Findings, resolve: ResolveFontUrl): Source | undefined {
  const descriptors = new Map(rule.declarations.map((d) => [d.property, d.value]));
  const family = unquote(descriptors.get('font-family') ?? '');
  if (!family) {
    report(findings, rule, 'An @font-face rule without a font-family is ignored');
    return undefined;
  }
  const urls = splitTopLevel(descriptors.get('src') ?? '')
    .map((item) => /^url\(\s*(['"]?)([\s\S]*?)\1\s*\)/i.exec(item.trim())?.[2]?.trim())
    .filter((url): url is string => url !== undefined);
  let found: { url: string; bytes: Uint8Array | undefined } | undefined;
  for (const url of urls) {
    if (/^data:/i.test(url)) found = { url, bytes: decodeDataUri(url) };
    else {
      const bytes = resolve(url);
      if (bytes) found = { url, bytes };
    }
    if (found) break;
  }
  if (!found) {
    const named = urls[0] ? `at ${urls[0].slice(0, 80)}` : 'with no url()';
    report(
      findings,
      rule,
      `@font-face "${family}": the font ${named} was not loaded: only data: URIs and the render's assets are read (upload the font to your team, embed it, or put the file beside the template for quire render)`,
    );
    return undefined;
  }
  const faces = facesOf(descriptors.get('font-weight'), descriptors.get('font-style'));
  return { family, faces, url: found.url, bytes: found.bytes, rule };
}

/** A cheap digest of a font's bytes (FNV-1a over every byte and the length), for the registries kept per source. */
function fingerprint(bytes: Uint8Array | undefined): string {
  if (!bytes) return '-';
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return `${bytes.length}:${(hash >>> 0).toString(16)}`;
}

/** Which of the four faces a rule's weight and style describe (a weight range may cover regular and bold). */
function facesOf(weight = 'normal', style = 'normal'): Face[] {
  const italic = /^(italic|oblique)/i.test(style.trim());
  const weights = weight
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (w === 'bold' || w === 'bolder' ? 700 : w === 'normal' || w === 'lighter' ? 400 : Number(w)))
    .filter((w) => Number.isFinite(w));
  const low = weights[0] ?? 400;
  const high = weights[1] ?? low;
  const regular = low < 600;
  const bold = high >= 600;
  const faces: Face[] = [];
  if (regular) faces.push(italic ? 'italics' : 'normal');
  if (bold) faces.push(italic ? 'bolditalics' : 'bold');
  return faces;
}

/** Splits a descriptor's value at commas outside parentheses and quotes (data URIs hold commas). */
function splitTopLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^(['"])([\s\S]*)\1$/, '$2')
    .trim();

/** The bytes of a data URI (base64 or percent-encoded), or undefined when it cannot be read. */
function decodeDataUri(url: string): Uint8Array | undefined {
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  try {
    if (/;base64$/i.test(meta)) {
      const binary = atob(payload.replace(/\s+/g, ''));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    }
    const bytes: number[] = [];
    for (let i = 0; i < payload.length; i++) {
      if (payload[i] === '%' && /^[0-9a-f]{2}$/i.test(payload.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(payload.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(payload.charCodeAt(i) & 0xff);
    }
    return Uint8Array.from(bytes);
  } catch {
    return undefined;
  }
}

function isFont(family: string, bytes: Uint8Array): boolean {
  try {
    new FontRegistry({ [family]: { normal: bytes } });
    return true;
  } catch {
    return false;
  }
}
