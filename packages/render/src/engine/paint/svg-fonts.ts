import { type ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { serialize } from '../../convert/serialize';
import type { CoveringFamily } from '../text/shaper-types';

export type FindCoveringFamily = (text: string, cssFamily: string) => CoveringFamily;

// Every bundled family draws Latin (and its combining marks): markup with nothing past them needs no look.
const BEYOND_LATIN = /[^\t\n\r\u0020-\u036f]/;
const FONT_IN_STYLE = /(^|;)\s*font-family\s*:[^;]*/gi;

/** The `font-family` an element names itself: its style's, which wins in SVG as in CSS, else its attribute. */
export function ownFamily(element: Element): string | undefined {
  const style = element.attribs.style;
  const fromStyle = style ? /(?:^|;)\s*font-family\s*:\s*([^;]+)/i.exec(style)?.[1] : undefined;
  return fromStyle?.trim() ?? element.attribs['font-family'];
}

/**
 * svg-to-pdfkit draws each `text` and `tspan` in one font, so a label in a script its family lacks (Japanese in
 * Arimo) would be empty boxes where HTML text falls back per character. Each one whose own text its family cannot
 * draw is given the family of a registered font that draws all of it (Noto Sans SC); text no single font draws
 * is reported through `lacking`. Markup that needs nothing is returned as it was.
 */
export function withCoveringFonts(
  markup: string,
  find: FindCoveringFamily,
  lacking: (text: string, characters: string[]) => void,
): string {
  if (!BEYOND_LATIN.test(markup)) return markup;
  const document = parseDocument(markup, { xmlMode: true });
  let changed = false;
  const visit = (node: ChildNode, inherited: string): void => {
    if (!(node instanceof Element)) return;
    let family = ownFamily(node) ?? inherited;
    if (node.name === 'text' || node.name === 'tspan') {
      const text = node.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
      if (BEYOND_LATIN.test(text)) {
        const covering = find(text, family);
        if (covering.lacking.length > 0) lacking(text, covering.lacking);
        if (covering.fallback) {
          family = `'${covering.family}'`;
          setFamily(node, family);
          changed = true;
        }
      }
    }
    for (const child of node.children) visit(child, family);
  };
  // What an SVG's root inherits when it names nothing: svg-to-pdfkit's initial family.
  for (const node of document.children) visit(node, 'sans-serif');
  return changed ? serialize(document.children, { xml: true }) : markup;
}

/** Gives an element its own `font-family` attribute, taking the property out of its style (which would win). */
export function setFamily(element: Element, family: string): void {
  element.attribs['font-family'] = family;
  if (element.attribs.style) element.attribs.style = element.attribs.style.replace(FONT_IN_STYLE, '$1');
}
