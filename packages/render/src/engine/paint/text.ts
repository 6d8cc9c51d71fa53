import { hasRtl } from '../../fonts/bidi';
import type { ShapedGlyph, TextFragment } from '../layout/fragment';
import type { Color, TextDecoration, TextShadow } from '../style/computed-style';
import { standsUpright } from '../text/vertical-orientation';
import { type ContentWriter, num } from './content';
import type { DocumentFace } from './fonts';
import type { PaintContext } from './paint-context';
import { paintTextShadows } from './text-shadows';

const PX = 0.75;

/**
 * A baseline on the paper's pixel grid. Half a pixel rounds down or up by the last bits of the sums that placed it
 * (a row's y in a long flow, or in a window of that flow's rows: document/long-table): a millionth of a pixel
 * settles it, so that the same row is drawn on the same pixel however it was reached.
 */
const snapToPixel = (y: number): number => Math.round(y / PX + 1e-6) * PX;

/**
 * Draws a shaped run at its baseline: the glyph ids as they are (nothing is shaped again), each advance the
 * layout gave it. Where that differs from the font's own advance (kerning, letter-spacing, justification) the
 * TJ array moves the pen; glyphs offset from the pen (marks, GPOS) get a text matrix of their own.
 */
export function paintText(ctx: PaintContext, run: TextFragment, originX: number, originY: number): void {
  if (run.hidden || run.glyphs.length === 0 || run.fontSize <= 0) return;
  const x = originX + run.x;
  // Chromium paints a horizontal run's baseline on a whole CSS pixel of the page ("to ensure consistent line
  // heights"): a row of a table 33.87px high draws its text 34px below the last row's, now and then 33.
  const baseline = snapToPixel(originY + run.y);
  const face = ctx.fonts.face(run.font);
  const decoration = run.decoration;
  if (run.shadows) paintTextShadows(ctx, run, face, x, baseline);
  if (decoration && (decoration.underline || decoration.overline))
    paintDecoration(ctx, run, face, x, baseline, 'under');
  ctx.doc.page.fonts[face.pdf.id] = face.pdf.ref();
  // Transparent text is still there to select and search, as in a browser: drawn invisibly.
  const invisible = run.color.a <= 0;
  if (!invisible) ctx.cw.fillColor(run.color);
  const bold = run.font.syntheticBold && !invisible ? fakeBoldStroke(run.fontSize) : 0;
  if (bold > 0) ctx.cw.strokeColor(run.color);
  writeGlyphOperators(ctx, run, face, x, baseline, invisible, bold);
  if (decoration?.lineThrough) paintDecoration(ctx, run, face, x, baseline, 'through');
  if (run.link)
    ctx.links.add(run.link, {
      x,
      y: baseline - face.ascent * run.fontSize,
      width: run.width,
      height: (face.ascent + face.descent) * run.fontSize,
    });
}

/**
 * The run's glyphs as a shadow (paint/text-shadows.ts) at its place: a `drop-shadow()` of an element that paints
 * nothing but text, drawn under all of it. The shadow takes the text's own opacity.
 */
export function paintRunShadow(
  ctx: PaintContext,
  run: TextFragment,
  originX: number,
  originY: number,
  shadow: TextShadow,
): void {
  if (run.hidden || run.glyphs.length === 0 || run.fontSize <= 0 || run.color.a <= 0) return;
  const baseline = snapToPixel(originY + run.y);
  const color = run.color.a < 1 ? { ...shadow.color, a: shadow.color.a * run.color.a } : shadow.color;
  paintTextShadows(ctx, run, ctx.fonts.face(run.font), originX + run.x, baseline, [{ ...shadow, color }]);
}

/**
 * The run's text object (BT to ET), written straight into the page's content: its head and tail digit by digit,
 * its glyphs as the text they were written as the first time the same glyphs were drawn at this size.
 */
function writeGlyphOperators(
  ctx: PaintContext,
  run: TextFragment,
  face: DocumentFace,
  x: number,
  baseline: number,
  invisible: boolean,
  bold: number,
): void {
  const { cw } = ctx;
  const size = run.fontSize;
  // The text matrix flips y back up (pdfkit's user space is y-down), so glyphs stand upright.
  const mode = invisible ? '3 Tr\n' : bold > 0 ? `2 Tr\n${num(bold)} w\n` : '';
  // Synthetic italic: Skia's skew of a quarter (x moves right a quarter of the height above the baseline).
  const matrix = run.font.syntheticItalic ? `1 0 ${SKEW} -1` : '1 0 0 -1';
  // A long table draws the same cell text row after row, its lines copied with the same glyph array
  // (layout/inline/text-cache.ts): a plain run's operators are the same each time at the same size.
  const drawn = face.runs?.get(run.glyphs);
  if (drawn && drawn.fontSize === size && drawn.text === run.text) {
    writeTextHead(cw, face.pdf.id, size, mode, drawn.tc, matrix, x, baseline);
    cw.writeBytes(drawn.body);
    writeTextTail(cw, drawn.tc, mode);
    return;
  }
  writeNewRun(ctx, run, face, x, baseline, mode, matrix);
}

/**
 * The operators of a run not drawn before (or drawn at another size), kept for the next time when plain: apart from
 * writeGlyphOperators, whose cached path would otherwise allocate this one's closure context on every call.
 */
function writeNewRun(
  ctx: PaintContext,
  run: TextFragment,
  face: DocumentFace,
  x: number,
  baseline: number,
  mode: string,
  matrix: string,
): void {
  const { cw } = ctx;
  const size = run.fontSize;
  const widths = face.pdf.widths;
  const toTextSpace = 1000 / size;
  // Letter-spacing is written as character spacing (Tc), one number for the run.
  const glyphs = run.glyphs;
  const gids = glyphs.map((glyph) => ctx.fonts.glyph(face, glyph.id, glyph.codePoints));
  const spacing = commonAdjust(glyphs, gids, widths, toTextSpace);
  let actual = actualTexts(ctx, run, face);
  // Extractors break words at gaps of about a tenth of an em (poppler), so widely spaced letters would read as
  // "R I V E R S I D E": such a run says what it reads as, as one span.
  if (actual === undefined && widestGap(glyphs, gids, widths, toTextSpace) > WORD_GAP && !hasRtl(run.text)) {
    actual = 'run';
  }
  const glyphTexts = typeof actual === 'object' ? actual : undefined;
  const tc = spacing === 0 ? '' : `${num(spacing / toTextSpace)} Tc\n`;
  if (actual === 'run') cw.writeText(`/Span <</ActualText ${textString(run.text)}>> BDC\n`);
  writeTextHead(cw, face.pdf.id, size, mode, tc, matrix, x, baseline);
  // The glyphs go straight into the page's content (a TJ array opened at its first glyph, a hex string at the first
  // of a stretch without adjustments), the bytes kept for the next time the same glyphs are drawn when plain.
  const bodyStart = cw.position;
  let arrayOpen = false;
  let hexOpen = false;
  const closeArray = () => {
    if (hexOpen) cw.writeByte(GREATER);
    if (arrayOpen) cw.writeText('] TJ\n');
    arrayOpen = false;
    hexOpen = false;
  };
  let pen = 0;
  let moved = false;
  // Whether the run is drawn as one plain TJ array, the same wherever it stands (what `runs` keeps).
  let plain = actual === undefined && !run.upright;
  // A glyph with no code point of its own (a cluster's second) stands as its cluster's first.
  let previousCodePoint = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i] as ShapedGlyph;
    const actualText = glyphTexts?.get(i);
    if (actualText) {
      closeArray();
      cw.writeText(`/Span <</ActualText ${actualText}>> BDC\n`);
    }
    const gid = gids[i] as number;
    // A glyph for no code point may be mapped by a later use, which changes what the run extracts as.
    if (glyph.codePoints.length === 0) plain = false;
    if (glyph.scale !== undefined) {
      // A synthesised small capital: the same font at its own size, for this glyph alone.
      closeArray();
      cw.writeText(
        `/${face.pdf.id} ${num(size * glyph.scale)} Tf\n${matrix} ${num(x + pen + glyph.dx)} ${num(baseline + glyph.dy)} Tm\n[<${face.hex[gid]}>] TJ\n/${face.pdf.id} ${num(size)} Tf\n`,
      );
      moved = true;
      plain = false;
    } else if (run.upright && (run.upright === 'all' || standsUpright(glyph.codePoints[0] ?? previousCodePoint))) {
      // Vertical text (boxes/vertical-flow.ts) is painted turned a quarter clockwise: a glyph that stands upright
      // is turned back about its centre, which sits mid-way along its advance and on the line's middle. A glyph
      // without vertical forms of its own (Latin set upright: text/upright.ts) has its ascent and descent centred
      // along its advance instead.
      closeArray();
      const natural = ((widths[gid] as number) * size) / 1000;
      const cjk = standsUpright(glyph.codePoints[0] ?? previousCodePoint);
      const e = cjk
        ? x + pen + glyph.dx + natural / 2 + face.emCentre * size
        : x + pen + glyph.dx + (glyph.advance - (face.ascent + face.descent) * size) / 2 + face.ascent * size;
      const f = baseline + glyph.dy - ((face.ascent - face.descent) / 2) * size + natural / 2;
      cw.writeText(`0 -1 -1 0 ${num(e)} ${num(f)} Tm\n[<${face.hex[gid]}>] TJ\n`);
      moved = true;
    } else if (glyph.dx !== 0 || glyph.dy !== 0) {
      closeArray();
      cw.writeText(`${matrix} ${num(x + pen + glyph.dx)} ${num(baseline + glyph.dy)} Tm\n[<${face.hex[gid]}>] TJ\n`);
      moved = true;
      plain = false;
    } else {
      if (moved) {
        cw.writeText(`${matrix} ${num(x + pen)} ${num(baseline)} Tm\n`);
        moved = false;
      }
      if (!arrayOpen) {
        cw.writeByte(OPEN_BRACKET);
        arrayOpen = true;
      }
      if (!hexOpen) {
        cw.writeByte(LESS);
        hexOpen = true;
      }
      cw.writeText(face.hex[gid] as string);
      // TJ numbers are thousandths of the font size, subtracted from the advance.
      const adjust = glyph.advance * toTextSpace - (widths[gid] as number) - spacing;
      if (adjust > 0.005 || adjust < -0.005) {
        cw.writeByte(GREATER);
        cw.writeByte(SPACE);
        cw.writeNumber(-adjust);
        cw.writeByte(SPACE);
        hexOpen = false;
      }
    }
    pen += glyph.advance;
    previousCodePoint = glyph.codePoints[0] ?? previousCodePoint;
    if (actualText) {
      closeArray();
      cw.writeText('EMC\n');
    }
  }
  closeArray();
  if (plain) {
    face.runs ??= new WeakMap();
    face.runs.set(glyphs, { fontSize: size, text: run.text, tc, body: cw.copyFrom(bodyStart) });
  }
  writeTextTail(cw, tc, mode);
  if (actual === 'run') cw.write('EMC');
}

const SPACE = 0x20;
const LESS = 0x3c;
const GREATER = 0x3e;
const OPEN_BRACKET = 0x5b;

/** `ET`, after setting back what outlives it (the rendering mode and character spacing are graphics state). */
function writeTextTail(cw: ContentWriter, tc: string, mode: string): void {
  if (tc) cw.writeText('0 Tc\n');
  if (mode) cw.writeText('0 Tr\n');
  cw.write('ET');
}

/** `BT`, the font and size, the mode and spacing when set, and the text matrix at the run's start. */
function writeTextHead(
  cw: ContentWriter,
  font: string,
  size: number,
  mode: string,
  tc: string,
  matrix: string,
  x: number,
  baseline: number,
): void {
  cw.writeText('BT\n/');
  cw.writeText(font);
  cw.writeText(' ');
  cw.writeNumber(size);
  cw.writeText(' Tf\n');
  cw.writeText(mode);
  cw.writeText(tc);
  cw.writeText(matrix);
  cw.writeText(' ');
  cw.writeNumber(x);
  cw.writeText(' ');
  cw.writeNumber(baseline);
  cw.writeText(' Tm\n');
}

const SKEW = 0.25;

/**
 * The stroke that emboldens a synthetic bold run, as Skia's fake bold (which Chromium's PDFs draw as fill and
 * stroke): a width of 1/24 of the text size at 9px, 1/32 at 36px and above, in between linearly.
 */
export function fakeBoldStroke(fontSize: number): number {
  const px = fontSize / PX;
  const t = Math.max(0, Math.min(1, (px - 9) / 27));
  return fontSize * (1 / 24 + t * (1 / 32 - 1 / 24));
}

/** Letter-spacing from which extractors would read each letter as a word (thousandths of an em, less a margin). */
const WORD_GAP = 80;

/**
 * The widest gap (thousandths of an em) that extractors see between a glyph that is not a space and the next one:
 * letter-spacing plus what the advance, rounded to whole pixels, has over the glyph's own width.
 */
function widestGap(
  glyphs: readonly ShapedGlyph[],
  gids: number[],
  widths: readonly number[],
  toTextSpace: number,
): number {
  let widest = 0;
  for (let i = 0; i + 1 < glyphs.length; i++) {
    const glyph = glyphs[i] as ShapedGlyph;
    const cp = glyph.codePoints[0];
    if (cp === undefined || cp === 0x20 || cp === 0xa0 || glyph.scale !== undefined) continue;
    const width = widths[gids[i] as number];
    if (width === undefined) continue;
    widest = Math.max(widest, glyph.advance * toTextSpace - width);
  }
  return widest;
}

/**
 * The TJ adjustment (thousandths of the font size) most glyphs of the run share, when more than half share one that
 * is not zero: letter-spacing. 0 otherwise (kerning and justification vary from glyph to glyph).
 */
function commonAdjust(
  glyphs: readonly ShapedGlyph[],
  gids: number[],
  widths: readonly number[],
  toTextSpace: number,
): number {
  if (glyphs.length < 2) return 0;
  // More than half of the glyphs share the value or none does: a majority vote (Boyer and Moore) finds it without
  // counting every value in a map, which for a long table's tens of thousands of runs was garbage to collect.
  let candidate = 0;
  let votes = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const adjust = adjustOf(glyphs[i] as ShapedGlyph, gids[i] as number, widths, toTextSpace);
    if (adjust === undefined) continue;
    if (Number.isNaN(adjust)) return 0;
    if (votes === 0) candidate = adjust;
    votes += adjust === candidate ? 1 : -1;
  }
  if (votes === 0 || Math.abs(candidate) <= 0.005) return 0;
  let count = 0;
  for (let i = 0; i < glyphs.length; i++)
    if (adjustOf(glyphs[i] as ShapedGlyph, gids[i] as number, widths, toTextSpace) === candidate) count++;
  return count * 2 > glyphs.length ? candidate : 0;
}

/**
 * What a glyph's advance has over its width in the font (thousandths of the font size, to 3 decimals); undefined
 * for a glyph placed on its own (moved or scaled), NaN for one the font has no width for.
 */
function adjustOf(glyph: ShapedGlyph, gid: number, widths: readonly number[], toTextSpace: number): number | undefined {
  if (glyph.dx !== 0 || glyph.dy !== 0 || glyph.scale !== undefined) return undefined;
  const width = widths[gid];
  if (width === undefined) return Number.NaN;
  return Math.round((glyph.advance * toTextSpace - width) * 1000) / 1000;
}

/**
 * What text extraction needs beyond the ToUnicode map to read the run as its `text`. Extraction reads each
 * glyph's ToUnicode entry in drawing order; where that is the text already (plain Latin), nothing. Otherwise
 * (a glyph mapped to other letters, as Arabic's dotless bases are; a glyph for no code point, which a later use
 * may map) the run says what it reads as in a marked-content span, and extraction takes that instead of the
 * glyphs. Right-to-left glyphs come in visual order and extractors (poppler) put them back in logical order
 * themselves, the letters of one ActualText included: so a right-to-left run gets spans glyph by glyph instead
 * (as Chromium's PDFs have), only around the glyphs that do not extract as their part of the text.
 */
function actualTexts(ctx: PaintContext, run: TextFragment, face: DocumentFace): 'run' | GlyphTexts | undefined {
  const { glyphs, text } = run;
  const unicode = face.pdf.unicode;
  let at = 0;
  for (let i = 0; i < glyphs.length && at >= 0; i++) {
    const glyph = glyphs[i] as ShapedGlyph;
    at = extractsAt(text, at, unicode[ctx.fonts.glyph(face, glyph.id, glyph.codePoints)] as number[]);
  }
  if (at === text.length) return undefined;
  return (hasRtl(text) && rtlGlyphTexts(ctx, run, face)) || 'run';
}

/** ActualText strings of single glyphs, by index in the run. */
type GlyphTexts = Map<number, string>;

const NOTHING = '<FEFF>';

/**
 * The glyphs of a right-to-left run (in reverse logical order) that need an ActualText: each glyph stands for
 * as much of the text as it has code points (only their number is trusted: fontkit gives a glyph the code
 * points of its first use); one for none (a mark, the dots of an Arabic letter) reads as nothing. Undefined
 * when the glyphs do not account for the text.
 */
function rtlGlyphTexts(ctx: PaintContext, run: TextFragment, face: DocumentFace): GlyphTexts | undefined {
  const { glyphs, text } = run;
  const unicode = face.pdf.unicode;
  const texts: GlyphTexts = new Map();
  let at = 0;
  for (let i = glyphs.length - 1; i >= 0; i--) {
    const glyph = glyphs[i] as ShapedGlyph;
    if (glyph.codePoints.length === 0) {
      texts.set(i, NOTHING);
      continue;
    }
    let end = at;
    for (const cp of glyph.codePoints) end += cp > 0xffff ? 2 : 1;
    if (end > text.length) return undefined;
    const mapped = unicode[ctx.fonts.glyph(face, glyph.id, glyph.codePoints)] as number[];
    if (extractsAt(text, at, mapped) !== end) texts.set(i, textString(text.slice(at, end)));
    at = end;
  }
  return at === text.length ? texts : undefined;
}

/**
 * Where `text` goes on after a glyph that extracts as `mapped` (its ToUnicode entry), if that is the text's
 * next code points; -1 otherwise. A glyph mapped to nothing yet never matches: a later use may map it.
 */
function extractsAt(text: string, at: number, mapped: number[]): number {
  if (mapped.length === 0) return -1;
  let i = at;
  for (const cp of mapped) {
    if (text.codePointAt(i) !== cp) return -1;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** A text string for a marked-content property: UTF-16BE with its byte order mark, as a hex string. */
function textString(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/** Underline and overline (drawn under the glyphs) or line-through (over them), ~1/15 of the font size thick. */
function paintDecoration(
  ctx: PaintContext,
  run: TextFragment,
  face: DocumentFace,
  x: number,
  baseline: number,
  layer: 'under' | 'through',
): void {
  const decoration = run.decoration as TextDecoration & { color: Color };
  if (decoration.color.a <= 0) return;
  const size = run.fontSize;
  const thickness = size / 15;
  const lines: Array<{ y: number; away: number }> = [];
  if (layer === 'under') {
    if (decoration.underline) lines.push({ y: baseline + face.underline * size + thickness / 2, away: 1 });
    if (decoration.overline) lines.push({ y: baseline - face.ascent * size + thickness / 2, away: -1 });
  } else {
    lines.push({ y: baseline - face.strikeout * size, away: 1 });
  }
  const cw = ctx.cw;
  for (const { y, away } of lines) {
    switch (decoration.style) {
      case 'double':
        cw.fillColor(decoration.color);
        cw.rect({ x, y: y - thickness / 2, width: run.width, height: thickness });
        cw.rect({ x, y: y - thickness / 2 + away * 2 * thickness, width: run.width, height: thickness });
        cw.write('f');
        break;
      case 'dotted':
      case 'dashed':
        cw.save();
        cw.strokeColor(decoration.color);
        cw.write(
          decoration.style === 'dotted'
            ? `${num(thickness)} w [0 ${num(2 * thickness)}] 0 d 1 J`
            : `${num(thickness)} w [${num(3 * thickness)} ${num(2 * thickness)}] 0 d 0 J`,
        );
        cw.line(x + (decoration.style === 'dotted' ? thickness / 2 : 0), y, x + run.width, y);
        cw.write('S');
        cw.restore();
        break;
      case 'wavy':
        cw.save();
        cw.strokeColor(decoration.color);
        cw.write(`${num(thickness)} w`);
        cw.write(wave(x, y + away * thickness, run.width, thickness));
        cw.write('S');
        cw.restore();
        break;
      default:
        cw.fillColor(decoration.color);
        cw.rect({ x, y: y - thickness / 2, width: run.width, height: thickness });
        cw.write('f');
    }
  }
}

/** A wave along the line: half-periods of three thicknesses, as far up and down as one thickness. */
function wave(x: number, y: number, width: number, thickness: number): string {
  const half = 3 * thickness;
  const parts = [`${num(x)} ${num(y)} m`];
  let up = true;
  for (let at = x; at < x + width; at += half) {
    const end = Math.min(at + half, x + width);
    const dy = (up ? -1.5 : 1.5) * thickness * ((end - at) / half);
    parts.push(
      `${num(at + (end - at) / 3)} ${num(y + dy)} ${num(at + (2 * (end - at)) / 3)} ${num(y + dy)} ${num(end)} ${num(y)} c`,
    );
    up = !up;
  }
  return parts.join('\n');
}
