import { Parser } from 'htmlparser2';

/**
 * What a model writes is untrusted markup. Quire's PDF engine never runs scripts nor fetches URLs, but the HTML
 * and email outputs are opened in browsers and mail clients, and a stored template outlives the request: so what
 * could run code or call out to a server is taken out before anything is saved. Everything else stays byte for
 * byte (the Liquid included): the sanitiser cuts ranges out of the source rather than re-serialising a DOM, which
 * would reorder attributes and mangle Liquid written between them.
 */

export type TemplatePart = 'html' | 'css' | 'header_html' | 'footer_html';

export interface Removal {
  part: TemplatePart;
  what: 'element' | 'event_handler' | 'script_url' | 'remote_url' | 'import';
  /** What it was: `<script>`, `onclick on <button>`, the URL (cut to 200 characters). */
  detail: string;
}

/** Elements taken out with everything inside them: they run code, embed other documents or read files. */
const REMOVED_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'portal',
  'noscript',
  'mj-include',
]);

/** Attributes whose URL is fetched as the document is shown (an `<a href>` is only followed when clicked). */
const FETCHED = new Set([
  'src',
  'srcset',
  'poster',
  'background',
  'data',
  'codebase',
  'action',
  'formaction',
  'xlink:href',
  'lowsrc',
  'dynsrc',
  'ping',
]);

/** Elements whose `href` is fetched (SVG images and uses) rather than followed. */
const FETCHING_HREF = new Set(['image', 'use', 'feimage']);

const SCRIPT_SCHEME = /^\s*(javascript|vbscript|livescript)\s*:/i;
const SCHEME = /^\s*([a-z][a-z0-9+.-]*)\s*:/i;
const DATA_IMAGE = /^\s*data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i;
const LIQUID_START = /^\s*(\{\{|\{%)/;

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/**
 * A URL that would be fetched from somewhere else: any scheme but `data:image/…` (a picture inside the template),
 * `asset:` (a named Quire asset) and a Liquid expression (the data decides, and the renderer fetches nothing it
 * was not given); and protocol-relative `//host/…`. A bare name (`logo`) is a Quire asset name and stays.
 */
export function isRemoteUrl(value: string): boolean {
  const url = value.trim();
  if (url === '' || LIQUID_START.test(url)) return false;
  if (url.startsWith('//') || url.startsWith('\\\\')) return true;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return false;
  if (scheme === 'asset') return false;
  if (scheme === 'data') return !DATA_IMAGE.test(url);
  return true;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits; an edit inside a range already cut (an attribute of a removed element) is dropped. */
function applyEdits(source: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

/**
 * CSS: `@import` rules go (a style sheet fetched from elsewhere, or a local file the renderer cannot read), and a
 * `url()` that is remote or a script becomes `none`. Patterns suffice here: the two forms are few and regular.
 */
export function sanitiseCss(css: string, part: TemplatePart, removed: Removal[]): string {
  const withoutImports = css.replace(/@import\s+(?:url\(\s*)?(['"]?)([^'");]*)\1\s*\)?[^;]*;?/gi, (_all, _q, url) => {
    removed.push({ part, what: 'import', detail: cut(`@import ${url}`) });
    return '';
  });
  // Quoted, or unquoted with at most one nested pair of parentheses (`url(javascript:alert(1))`).
  const urls = /url\(\s*(?:"([^"]*)"|'([^']*)'|((?:[^()\s]|\([^()]*\))*))\s*\)/gi;
  return withoutImports.replace(urls, (all, double?: string, single?: string, bare?: string) => {
    const url = double ?? single ?? bare ?? '';
    if (SCRIPT_SCHEME.test(url)) {
      removed.push({ part, what: 'script_url', detail: cut(url) });
      return 'none';
    }
    if (isRemoteUrl(url)) {
      removed.push({ part, what: 'remote_url', detail: cut(url) });
      return 'none';
    }
    return all;
  });
}

/** Re-quotes an attribute value after its CSS was sanitised. */
const quoted = (name: string, value: string) => `${name}="${value.replaceAll('"', '&quot;')}"`;

interface Attribute {
  name: string;
  value: string;
  /** Where the attribute's name starts, and where the whitespace before it starts. */
  start: number;
  lead: number;
  end: number;
}

/** An element that goes whole: it runs code, embeds another document, reads files, or is an image from elsewhere. */
function removedElement(name: string, attrs: Attribute[]): boolean {
  if (REMOVED_ELEMENTS.has(name)) return true;
  if (name === 'meta' && attrs.some((a) => a.name === 'http-equiv')) return true;
  const src = attrs.find((a) => a.name === 'src');
  return (name === 'img' || name === 'mj-image') && src !== undefined && isRemoteUrl(src.value);
}

/** HTML (or MJML): see the module's comment. */
export function sanitiseHtml(html: string, part: TemplatePart, removed: Removal[]): string {
  const edits: Edit[] = [];
  // The element being removed (nothing inside it matters) and how deep its own kind nests within it.
  let dropping: { name: string; start: number; depth: number } | undefined;
  let attributes: Attribute[] = [];
  // The text of the <style> (or MJML's <mj-style>) element being read.
  let style: { start: number; end: number } | undefined;

  const parser: Parser = new Parser(
    {
      onattribute(name, value) {
        let lead = parser.startIndex;
        while (lead > 0 && /\s/.test(html[lead - 1] ?? '')) lead -= 1;
        attributes.push({ name, value, start: parser.startIndex, lead, end: parser.endIndex });
      },
      onopentag(name) {
        const attrs = attributes;
        attributes = [];
        if (dropping) {
          if (name === dropping.name) dropping.depth += 1;
          return;
        }
        if (removedElement(name, attrs)) {
          dropping = { name, start: parser.startIndex, depth: 1 };
          const src = attrs.find((a) => a.name === 'src')?.value;
          if (REMOVED_ELEMENTS.has(name) || name === 'meta')
            removed.push({ part, what: 'element', detail: `<${name}>` });
          else removed.push({ part, what: 'remote_url', detail: cut(src ?? '') });
          return;
        }
        for (const attr of attrs) {
          const edit = attributeEdit(name, attr, part, removed);
          if (edit) edits.push(edit);
        }
        if (name === 'style' || name === 'mj-style') style = { start: -1, end: -1 };
      },
      ontext() {
        if (!style || dropping) return;
        if (style.start < 0) style.start = parser.startIndex;
        style.end = parser.endIndex + 1;
      },
      onclosetag(name, implied) {
        if (dropping) {
          if (name !== dropping.name) return;
          dropping.depth -= 1;
          if (dropping.depth > 0) return;
          // Closed by its own end tag, or a void element (its open tag is all of it): up to that tag's end.
          // Closed by its parent's end tag or the end of the source: up to there.
          const whole = !implied || parser.startIndex <= dropping.start;
          edits.push({ start: dropping.start, end: whole ? parser.endIndex + 1 : parser.startIndex, text: '' });
          dropping = undefined;
          return;
        }
        if ((name === 'style' || name === 'mj-style') && style) {
          if (style.start >= 0) {
            const css = html.slice(style.start, style.end);
            const clean = sanitiseCss(css, part, removed);
            if (clean !== css) edits.push({ start: style.start, end: style.end, text: clean });
          }
          style = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  // A raw-text element (<script>, <iframe>) left open takes the rest of the source with it, as in a browser.
  if (dropping) edits.push({ start: dropping.start, end: html.length, text: '' });
  return applyEdits(html, edits);
}

/** The edit an attribute needs, if any: dropped (handlers, script and remote URLs), or its CSS cleaned. */
function attributeEdit(element: string, attr: Attribute, part: TemplatePart, removed: Removal[]): Edit | undefined {
  const drop = (what: Removal['what'], detail: string): Edit => {
    removed.push({ part, what, detail: cut(detail) });
    // The whitespace before the attribute goes too, so `<p onclick="x">` becomes `<p>`.
    return { start: attr.lead, end: attr.end, text: '' };
  };
  if (attr.name.startsWith('on')) return drop('event_handler', `${attr.name} on <${element}>`);
  if (attr.name === 'srcdoc') return drop('element', `srcdoc on <${element}>`);
  if (SCRIPT_SCHEME.test(attr.value)) return drop('script_url', `${attr.name}="${attr.value}" on <${element}>`);
  const fetched = FETCHED.has(attr.name) || (attr.name === 'href' && FETCHING_HREF.has(element));
  if (
    fetched &&
    attr.name === 'srcset' &&
    attr.value.split(',').some((c) => isRemoteUrl(c.trim().split(/\s+/)[0] ?? ''))
  ) {
    return drop('remote_url', attr.value);
  }
  if (fetched && isRemoteUrl(attr.value)) return drop('remote_url', attr.value);
  // A link to a script-like data: document (`data:text/html,…`) is as bad as javascript:.
  if (attr.name === 'href' && /^\s*data:/i.test(attr.value) && !DATA_IMAGE.test(attr.value)) {
    return drop('script_url', `${attr.value.slice(0, 60)} on <${element}>`);
  }
  if (attr.name === 'style') {
    const clean = sanitiseCss(attr.value, part, removed);
    if (clean !== attr.value) return { start: attr.start, end: attr.end, text: quoted('style', clean) };
  }
  return undefined;
}

export interface SanitisedParts {
  html: string;
  css: string;
  header_html: string;
  footer_html: string;
}

/** The four sources of a template, sanitised, with the list of what was taken out. */
export function sanitiseTemplate(parts: SanitisedParts): { parts: SanitisedParts; removed: Removal[] } {
  const removed: Removal[] = [];
  return {
    parts: {
      html: sanitiseHtml(parts.html, 'html', removed),
      css: sanitiseCss(parts.css, 'css', removed),
      header_html: sanitiseHtml(parts.header_html, 'header_html', removed),
      footer_html: sanitiseHtml(parts.footer_html, 'footer_html', removed),
    },
    removed,
  };
}
