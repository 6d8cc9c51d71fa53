/// <reference path="../../fonts/fontkit.d.ts" />
import { type ChildNode, Element } from 'domhandler';
import type { Font } from 'fontkit';
import { parseDocument } from 'htmlparser2';
import { serialize } from '../../convert/serialize';
import { hasRtl } from '../../fonts/bidi';
import { paragraphLevels, visualOrder } from '../text/bidi';
import { layoutDirected } from '../text/shaper';
import type { DocumentFace, DocumentFonts } from './fonts';
import type { PdfDocument, PdfEmbeddedFont, PdfGlyphPosition } from './pdfkit-types';
import { ownFamily, setFamily } from './svg-fonts';

/**
 * Right-to-left SVG text. svg-to-pdfkit lays a text's characters out in logical order, handing each piece between
 * spaces to fontkit, which reverses a Hebrew or Arabic word on its own: words and numbers came out in the wrong
 * order, and the dots of Arabic letters (zero-width mark glyphs, which it skips) were lost. svg-to-pdfkit asks
 * the font for the glyphs of each `text` or `tspan`'s text (`encode`), and places and anchors what it gets:
 * so each SVG text element with right-to-left text is drawn in a stand-in of its font whose `encode` gives the
 * glyphs in visual order, by the engine's own UAX #9 (text/bidi.ts) and shaping (text/shaper.ts), as HTML text's.
 *
 * The element's direction (its `direction` attribute or style property, inherited) reaches the font callback as
 * a family name appended to its `font-family` list, the one thing svg-to-pdfkit passes on per element.
 */

export type Direction = 'ltr' | 'rtl';

const MARK_FAMILY = 'quire-bidi-';
const MARKED = /,\s*quire-bidi-(ltr|rtl)\s*$/;
const DIRECTION_IN_STYLE = /(?:^|;)\s*direction\s*:\s*(ltr|rtl)\b/i;
const LETTER_SPACING_IN_STYLE = /(?:^|;)\s*letter-spacing\s*:/i;
/**
 * svg-to-pdfkit writes glyphs after a text's first in one run (TJ) without their offsets: a letter-spacing too
 * small to see (a millionth of a user unit) makes it place every glyph at its own position, offsets included, as
 * Arabic's dots and Hebrew's points need.
 */
const PER_GLYPH_SPACING = '0.000001';

/** An element's own `direction`: its style's, which wins as in CSS, else its attribute. */
function ownDirection(element: Element): Direction | undefined {
  const fromStyle = element.attribs.style ? DIRECTION_IN_STYLE.exec(element.attribs.style)?.[1] : undefined;
  const value = (fromStyle ?? element.attribs.direction)?.trim().toLowerCase();
  return value === 'rtl' || value === 'ltr' ? value : undefined;
}

/**
 * The markup with each `text` and `tspan` whose own text has right-to-left characters marked with its direction
 * (see the top of this file), as is any that inherits a mark of the other direction. Markup without
 * right-to-left text is returned as it was.
 */
export function withBidiMarks(markup: string): string {
  if (!hasRtl(markup)) return markup;
  const document = parseDocument(markup, { xmlMode: true });
  let changed = false;
  const visit = (node: ChildNode, inheritedFamily: string, inheritedDirection: Direction): void => {
    if (!(node instanceof Element)) return;
    let family = ownFamily(node) ?? inheritedFamily;
    const direction = ownDirection(node) ?? inheritedDirection;
    if (node.name === 'text' || node.name === 'tspan') {
      const text = node.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
      const inheritedMark = MARKED.exec(family)?.[1];
      if (hasRtl(text) || (inheritedMark !== undefined && inheritedMark !== direction)) {
        family = `${family.replace(MARKED, '')}, ${MARK_FAMILY}${direction}`;
        setFamily(node, family);
        if (node.attribs['letter-spacing'] === undefined && !LETTER_SPACING_IN_STYLE.test(node.attribs.style ?? ''))
          node.attribs['letter-spacing'] = PER_GLYPH_SPACING;
        changed = true;
      }
    }
    for (const child of node.children) visit(child, family, direction);
  };
  // svg-to-pdfkit's initial family and direction, for an SVG whose root names none.
  for (const node of document.children) visit(node, 'sans-serif', 'ltr');
  return changed ? serialize(document.children, { xml: true }) : markup;
}

/** A `font-family` list as svg-to-pdfkit hands it to the font callback: the list without its mark, and the mark. */
export function bidiMarkOf(families: string): { families: string; direction?: Direction } {
  const mark = MARKED.exec(families);
  if (!mark) return { families };
  return { families: families.slice(0, mark.index), direction: mark[1] as Direction };
}

/**
 * The stand-in fonts of one SVG drawing: each shares everything with the document's font (its subset, widths,
 * ToUnicode map, PDF object) but `encode`. pdfkit finds them by name while the SVG is drawn; {@link release}
 * takes them out before the document ends, where pdfkit embeds every font it knows by name.
 */
export class SvgBidiFonts {
  private readonly names: string[] = [];

  constructor(
    private readonly doc: PdfDocument,
    private readonly fonts: DocumentFonts,
  ) {}

  /** The pdfkit name of a stand-in for the face named `name`, laying text out from a base direction. */
  nameFor(name: string, direction: Direction): string {
    const face = this.fonts.faceNamed(name);
    if (!face) return name;
    const key = `${name}\u0000bidi-${direction}`;
    if (!this.doc._fontFamilies[key]) {
      const real = face.pdf;
      // pdfkit makes a font's PDF object on first ask, on the object asked: made on the real font, shared.
      real.ref();
      const standIn = Object.create(real) as PdfEmbeddedFont;
      standIn.encode = (text) => encodeInVisualOrder(this.fonts, face, text, direction);
      this.doc._fontFamilies[key] = standIn;
      this.names.push(key);
    }
    return key;
  }

  release(): void {
    for (const key of this.names) delete this.doc._fontFamilies[key];
    this.names.length = 0;
  }
}

// A zero advance makes svg-to-pdfkit skip the glyph (a mark: an Arabic letter's dots); a thousandth of a
// thousandth of an em is drawn and moves nothing that can be seen.
const MARK_ADVANCE = 0.001;

/**
 * One text's glyphs and positions as svg-to-pdfkit takes them from pdfkit's encode, in visual order: embedding
 * levels for the base direction (UAX #9), each run of one level shaped in its direction, the runs reordered (L2).
 * Glyphs go through the document's subset as HTML text's do, so the ToUnicode map says what they stand for and
 * extraction reads the text in logical order.
 */
export function encodeInVisualOrder(
  fonts: DocumentFonts,
  face: DocumentFace,
  text: string,
  direction: Direction,
): [string[], PdfGlyphPosition[]] {
  const pdf = face.pdf;
  const runs = levelRuns(text, paragraphLevels(text, direction));
  const hex: string[] = [];
  const positions: PdfGlyphPosition[] = [];
  for (const index of visualOrder(runs.map((run) => run.level))) {
    const run = runs[index] as LevelRun;
    const shaped = layoutDirected(pdf.font as unknown as Font, run.text, run.level & 1 ? 'rtl' : 'ltr');
    for (let i = 0; i < shaped.glyphs.length; i++) {
      const glyph = shaped.glyphs[i] as { id: number; codePoints: number[] };
      const position = shaped.positions[i] as { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
      const gid = fonts.glyph(face, glyph.id, glyph.codePoints);
      hex.push(face.hex[gid] as string);
      positions.push({
        xAdvance: position.xAdvance * pdf.scale,
        xOffset: position.xOffset * pdf.scale,
        // fontkit's y goes up, svg-to-pdfkit adds these to its y, which goes down.
        yAdvance: -position.yAdvance * pdf.scale,
        yOffset: -position.yOffset * pdf.scale,
        advanceWidth: (pdf.widths[gid] as number) || MARK_ADVANCE,
      });
    }
  }
  return [hex, positions];
}

interface LevelRun {
  text: string;
  level: number;
}

/** The text cut where its embedding level changes (all of it at level 0 without levels), in logical order. */
function levelRuns(text: string, levels: Uint8Array | null): LevelRun[] {
  if (!levels) return [{ text, level: 0 }];
  const runs: LevelRun[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && levels[i] === levels[start]) continue;
    runs.push({ text: text.slice(start, i), level: levels[start] as number });
    start = i;
  }
  return runs;
}
