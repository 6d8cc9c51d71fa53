import { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { codeSvg, isCodeTag } from '../../codes';
import { svgSize } from '../../convert/svg';
import type { Color, StyledElement } from '../style/computed-style';
import type { ReplacedBox, ReplacedContent } from './box';
import { type BoxContext, report } from './context';
import { imageBytes, shownSource, sniff } from './image-source';

const PX_TO_PT = 0.75;

/** Elements drawn as one piece rather than laid out from their children. */
export function isReplacedTag(tag: string): boolean {
  return tag === 'img' || tag === 'svg' || isCodeTag(tag);
}

/**
 * The replaced box of an `img`, inline `svg`, `qr-code` or `bar-code`; null for a code that cannot be drawn,
 * which is left out (and reported) as the pdfmake output leaves it out.
 */
export function replacedBox(element: StyledElement, context: BoxContext): ReplacedBox | null {
  const box = (content: ReplacedContent, intrinsic: ReplacedBox['intrinsic']): ReplacedBox => ({
    type: 'replaced',
    style: element.style,
    tag: element.tag,
    content,
    intrinsic,
    ...(element.line === undefined ? {} : { line: element.line }),
  });
  if (element.tag === 'svg') {
    if (element.markup === undefined) {
      report(
        context,
        element.line,
        'image_not_loaded',
        'An inline svg element came without its markup; it was not drawn',
      );
      return box({ kind: 'missing', alt: '' }, null);
    }
    return box(
      { kind: 'svg', markup: withInheritedFont(element.markup, element.style.fontFamily) },
      svgIntrinsic(element.attrs),
    );
  }
  if (isCodeTag(element.tag)) {
    const drawn = codeSvg(element.tag, element.attrs, { color: cssColor(element.style.color) });
    if ('error' in drawn) {
      report(context, element.line, drawn.code, drawn.error);
      return null;
    }
    return box({ kind: 'svg', markup: drawn.markup }, { width: drawn.width, height: drawn.height });
  }
  return image(element, context, box);
}

function image(
  element: StyledElement,
  context: BoxContext,
  box: (content: ReplacedContent, intrinsic: ReplacedBox['intrinsic']) => ReplacedBox,
): ReplacedBox {
  const src = (element.attrs.src ?? '').trim();
  const missing = (reason: string) => {
    report(context, element.line, 'image_not_loaded', `The image "${shownSource(src)}" was not drawn: ${reason}`);
    return box({ kind: 'missing', alt: element.attrs.alt ?? '' }, null);
  };
  if (!src) return missing('it has no src');
  const bytes = imageBytes(src, context.images);
  if (!bytes) {
    if (src.startsWith('data:')) return missing('its data: URL cannot be read');
    return missing(/^https?:/i.test(src) ? 'it was not fetched' : 'no asset has that name');
  }
  const info = sniff(bytes);
  if (!info) return missing('only PNG, JPEG and SVG images are supported');
  if (info.kind === 'svg') {
    const markup = new TextDecoder().decode(bytes);
    return box({ kind: 'svg', markup }, svgIntrinsic(rootSvgAttributes(markup)));
  }
  const intrinsic = info.width && info.height ? { width: info.width * PX_TO_PT, height: info.height * PX_TO_PT } : null;
  return box({ kind: 'image', bytes, format: info.kind }, intrinsic);
}

/** An SVG's size from its width/height attributes or viewBox (300 × 150 px when neither says), in points. */
function svgIntrinsic(attrs: Record<string, string>): { width: number; height: number } {
  const lowerCased: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) lowerCased[name.toLowerCase()] = value;
  const size = svgSize(new Element('svg', lowerCased));
  return { width: (size.width ?? 0) * PX_TO_PT, height: (size.height ?? 0) * PX_TO_PT };
}

const SVG_START = /^<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/i;

/**
 * Inline SVG text inherits the font of the HTML around it, as in a browser: the element's `font-family` becomes the
 * root's unless the SVG names one there (an SVG drawn from an image file inherits nothing, in browsers too).
 */
export function withInheritedFont(markup: string, fontFamily: readonly string[]): string {
  const start = SVG_START.exec(markup)?.[0];
  if (!start || fontFamily.length === 0 || /[\s"';]font-family\s*[=:]/i.test(start)) return markup;
  const list = fontFamily.map((name) => (/^[a-z-]+$/.test(name) ? name : `'${name.replace(/'/g, '')}'`)).join(', ');
  return `<svg font-family="${list.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"${markup.slice(4)}`;
}

/** The attributes of an SVG document's root element; only its start tag is parsed. */
function rootSvgAttributes(markup: string): Record<string, string> {
  const start = /<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(markup)?.[0];
  if (!start) return {};
  const root = parseDocument(start, { lowerCaseAttributeNames: true }).children.find(
    (node): node is Element => node instanceof Element,
  );
  return root?.attribs ?? {};
}

/** `#rrggbb`, which every SVG reader knows (a QR code's modules are opaque, as in the pdfmake output). */
function cssColor({ r, g, b }: Color): string {
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
