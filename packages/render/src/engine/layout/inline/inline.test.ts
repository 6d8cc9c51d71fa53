import { describe, expect, it } from 'vitest';
import { defaultFonts } from '../../../render';
import type { AtomicInlineBox, BlockBox } from '../../boxes/box';
import { createTextShaping, shapingStats } from '../../text/shaper';
import type { BoxFragment, LineFragment } from '../fragment';
import {
  bundledShaping,
  leftEdge,
  lines,
  lineText,
  para,
  rightEdge,
  span,
  style,
  testContext,
  texts,
} from './__fixtures__/context';
import { inlineIntrinsicWidths, layoutInline } from './index';

const LOREM =
  'Quire lays out reports the way a browser would: words wrap at the width of their box, lines take the height of their fonts, and nothing is dropped along the way.';
const HEBREW = 'שלום עולם זהו משפט ארוך בעברית שנועד לבדוק שבירת שורות וסדר קריאה נכון מימין לשמאל בפסקה אחת';
const ARABIC =
  'مرحبا بالعالم هذه جملة طويلة باللغة العربية لاختبار تقسيم الأسطر وترتيب القراءة الصحيح من اليمين إلى اليسار';

const layout = (box: BlockBox, width: number, ctx = testContext()) => {
  const contents = layoutInline(box, width, ctx);
  return { contents, lines: lines(contents.children), findings: ctx.findings.list() };
};
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('layoutInline', () => {
  it('wraps at the width and keeps every word, in order', () => {
    const { lines: out, contents } = layout(para([LOREM]), 200);
    expect(out.length).toBeGreaterThan(2);
    for (const line of out) expect(rightEdge(line)).toBeLessThanOrEqual(200 + 1e-6);
    expect(words(out.map((l) => lineText(l)).join(' '))).toEqual(words(LOREM));
    // Lines stack: each starts where the one above ends, 12pt Noto Sans is 16px → 22px = 16.5pt tall.
    expect(out[0]?.height).toBeCloseTo(16.5, 5);
    expect(out[1]?.y).toBeCloseTo(16.5, 5);
    expect(contents.height).toBeCloseTo(16.5 * out.length, 5);
    expect(contents.firstBaseline).toBeCloseTo(out[0]?.baseline ?? 0, 5);
  });

  it('justifies every line but the last to exactly the width', () => {
    const { lines: out } = layout(para([LOREM], style({ textAlign: 'justify' })), 200);
    for (const line of out.slice(0, -1)) {
      expect(leftEdge(line)).toBeCloseTo(0, 5);
      expect(rightEdge(line)).toBeCloseTo(200, 5);
    }
    expect(rightEdge(out.at(-1) as LineFragment)).toBeLessThan(199);
  });

  it('justifies a line of Japanese, which has no spaces, between its characters, as Chromium does', () => {
    // The default fonts: Noto Sans JP's glyphs come from @quire/fonts-cjk, installed in this repository.
    const ctx = testContext();
    ctx.shaping = createTextShaping(defaultFonts());
    const text =
      '早春の候、貴社ますますご清栄のこととお慶び申し上げます。平素は格別のお引き立てを賜り、厚く御礼申し上げます。';
    const first = (textAlign: 'left' | 'justify') =>
      layout(para([text], style({ textAlign, fontFamily: ['sans-serif'] })), 200, ctx).lines[0] as LineFragment;
    const plain = first('left');
    const justified = first('justify');
    expect(rightEdge(plain)).toBeLessThan(199);
    expect(rightEdge(justified)).toBeCloseTo(200, 5);
    // Every character but the last took the same share: one opportunity after each ideograph, kana or CJK symbol,
    // none after the line's last.
    const advances = (line: LineFragment) => texts(line).flatMap((run) => run.glyphs.map((glyph) => glyph.advance));
    const before = advances(plain);
    const growth = advances(justified).map((advance, i) => advance - (before[i] as number));
    const share = (200 - rightEdge(plain)) / (growth.length - 1);
    expect(growth.slice(0, -1).every((g) => Math.abs(g - share) < 1e-6)).toBe(true);
    expect(growth.at(-1)).toBeCloseTo(0, 9);
  });

  it("shares a word's glyphs between fragments, and justifying or spacing one line changes no other", () => {
    const ctx = testContext();
    const plain = () => layout(para([LOREM]), 200, ctx).lines;
    const before = plain();
    const advances = (ls: LineFragment[]) => ls.flatMap((l) => texts(l)).flatMap((t) => t.glyphs.map((g) => g.advance));
    const widthsBefore = advances(before);
    // Justified, letter-spaced and tabbed uses of the same words at the same size, in the same process.
    layout(para([LOREM], style({ textAlign: 'justify' })), 200, ctx);
    layout(para([LOREM], style({ letterSpacing: 2, wordSpacing: 3 })), 200, ctx);
    layout(para([`a\tb ${LOREM}`], style({ whiteSpace: 'pre-wrap' })), 200, ctx);
    const after = plain();
    expect(advances(after)).toEqual(widthsBefore);
    // One frozen glyph object per glyph of a word at a size, whatever fragment draws it.
    const first = (ls: LineFragment[]) => texts(ls[0] as LineFragment)[0]?.glyphs[0];
    expect(first(after)).toBe(first(before));
    expect(Object.isFrozen(first(after))).toBe(true);
  });

  it('aligns right and centre', () => {
    const right = layout(para([LOREM], style({ textAlign: 'right' })), 200).lines;
    for (const line of right) expect(rightEdge(line)).toBeCloseTo(200, 5);
    const centre = layout(para([LOREM], style({ textAlign: 'center' })), 200).lines;
    for (const line of centre) expect(leftEdge(line)).toBeCloseTo(200 - rightEdge(line), 5);
  });
});

describe('bidi', () => {
  for (const [name, text] of [
    ['Hebrew', HEBREW],
    ['Arabic', ARABIC],
  ] as const) {
    it(`lays out a three-line ${name} paragraph in reading order, right-aligned`, () => {
      const { lines: out } = layout(para([text], style({ direction: 'rtl' })), 150);
      expect(out.length).toBeGreaterThanOrEqual(3);
      const logical = out.map((l) => lineText(l, true).trim());
      // The first logical line is at the top, and the lines read on from there.
      expect(words(logical.join(' '))).toEqual(words(text));
      expect(logical[0]?.startsWith(words(text)[0] as string)).toBe(true);
      for (const line of out) expect(rightEdge(line)).toBeCloseTo(150, 5);
      // Within the first line the first word is the rightmost run.
      const runs = texts(out[0] as LineFragment);
      const firstWord = runs.find((r) => r.text.startsWith(words(text)[0] as string));
      expect(firstWord?.x).toBe(Math.max(...runs.map((r) => r.x)));
    });
  }

  it('joins an Arabic word’s letters across an inline boundary', () => {
    const red = style({ display: 'inline', color: { r: 200, g: 0, b: 0, a: 1 } });
    const line = layout(para(['بي', span(['ت'], red)], style({ direction: 'rtl' })), 300).lines[0] as LineFragment;
    const shaping = bundledShaping();
    const arabic = shaping.itemize('بيت', style())[0]?.font ?? shaping.faceFor(style());
    const whole = shaping.shape('بيت', arabic, 12, 'rtl').glyphs.map((g) => g.id);
    // Visual order: ت (the span) on the left, بي on the right; together the glyphs of the whole word.
    const runs = texts(line).sort((a, b) => a.x - b.x);
    const drawn = runs.flatMap((r) => r.glyphs.map((g) => g.id));
    expect(drawn).toEqual(whole);
  });

  it('keeps the space and the order of Hebrew words across an inline boundary', () => {
    const p = style();
    const bold = style({ display: 'inline', fontWeight: 700 });
    const { lines: out } = layout(para(['שלום ', span(['עולם'], bold)], p), 300);
    expect(out).toHaveLength(1);
    const runs = texts(out[0] as LineFragment);
    const shalom = runs.find((r) => r.text.includes('שלום'));
    const olam = runs.find((r) => r.text.includes('עולם'));
    const space = runs.find((r) => r.text === ' ');
    expect(shalom && olam && space).toBeTruthy();
    // Visual: עולם on the left, שלום on the right, with the space between them.
    expect((olam?.x ?? 0) + (olam?.width ?? 0)).toBeCloseTo(space?.x ?? -1, 5);
    expect((space?.x ?? 0) + (space?.width ?? 0)).toBeCloseTo(shalom?.x ?? -1, 5);
    expect(shalom?.text).toBe('שלום');
    // Hebrew glyphs come from the generic family's own font in Chromium (sans-serif: Arial, Arimo here), in its
    // own bold.
    expect(shalom?.font).toEqual({ family: 'Arimo', face: 'normal' });
    expect(olam?.font).toEqual({ family: 'Arimo', face: 'bold' });
    // The space is the primary font's, as Chromium draws it: only what that font lacks falls back.
    expect(space?.font.family).toBe('Noto Sans');
  });
});

describe('unicode-bidi', () => {
  it('isolates an inline box: an English name inside Hebrew keeps its place and a break before it', () => {
    const p = style({ direction: 'rtl' });
    const isolated = style({ display: 'inline', direction: 'ltr', unicodeBidi: 'isolate' });
    const { lines: out } = layout(para(['שלום ', span(['Quire 2'], isolated), ' עולם'], p), 400);
    const runs = texts(out[0] as LineFragment).sort((a, b) => b.x - a.x);
    // Right to left: שלום, then the isolated "Quire 2" (left to right inside), then עולם on the left.
    expect(runs.map((r) => r.text.trim()).filter(Boolean)).toEqual(['שלום', 'Quire 2', 'עולם']);
    const narrow = layout(para(['שלום ', span(['Quire'], isolated), ' עולם'], p), 40).lines;
    expect(narrow.map((l) => lineText(l, true).trim())).toEqual(['שלום', 'Quire', 'עולם']);
  });
});

describe('text properties', () => {
  it('letter-spacing widens the text by the spacing per character', () => {
    const plain = layout(para(['Spacing']), 500).lines[0] as LineFragment;
    const spaced = layout(para(['Spacing'], style({ letterSpacing: 2 })), 500).lines[0] as LineFragment;
    const width = (l: LineFragment) => texts(l).reduce((w, t) => w + t.width, 0);
    expect(width(spaced) - width(plain)).toBeCloseTo(2 * 'Spacing'.length, 5);
  });

  it('breaks a too long word with overflow-wrap, and reports it without', () => {
    const word = 'Supercalifragilisticexpialidocious'.repeat(2);
    const wrapped = layout(para([`A ${word} b`], style({ overflowWrap: 'break-word' })), 100);
    expect(wrapped.findings).toEqual([]);
    for (const line of wrapped.lines) expect(rightEdge(line)).toBeLessThanOrEqual(100 + 1e-6);
    expect(
      wrapped.lines
        .map((l) => lineText(l))
        .join('')
        .replaceAll(' ', ''),
    ).toBe(`A${word}b`);

    const overflowing = layout(para([`A ${word} b`]), 100);
    expect(overflowing.findings.map((f) => f.code)).toEqual(['word_too_long']);
    expect(overflowing.findings[0]?.message).toContain(word);
    expect(overflowing.lines.map((l) => lineText(l).trim())).toEqual(['A', word, 'b']);
  });

  it('does not report nowrap text that overflows (the author asked for it)', () => {
    const out = layout(para([LOREM], style({ whiteSpace: 'nowrap' })), 100);
    expect(out.lines).toHaveLength(1);
    expect(out.findings).toEqual([]);
  });

  it('hyphenates with hyphens: auto by the language', () => {
    const s = style({ hyphens: 'auto', lang: 'en' });
    const out = layout(para(['Extraordinarily incomprehensible characteristics'], s), 90).lines;
    const ends = out.map((l) => lineText(l).trimEnd());
    expect(ends.some((t) => t.endsWith('-'))).toBe(true);
    expect(ends.join('').replaceAll('-', '').replaceAll(' ', '')).toBe(
      'Extraordinarilyincomprehensiblecharacteristics',
    );
    // min-content is the widest hyphenated part.
    const ctx = testContext();
    const min = inlineIntrinsicWidths(para(['hyphenation'], s), ctx).min;
    const shaping = bundledShaping();
    const width = (t: string) => shaping.shape(t, shaping.faceFor(s), 12, 'ltr').width;
    expect(min).toBeCloseTo(Math.max(width('hy-'), width('phen-'), width('ation')), 5);
    // Without a language with patterns nothing is hyphenated.
    const none = layout(para(['Extraordinarily incomprehensible'], style({ hyphens: 'auto', lang: 'xx' })), 90).lines;
    expect(none.some((l) => lineText(l).trimEnd().endsWith('-'))).toBe(false);
  });

  it('breaks at a soft hyphen with a hyphen, and draws nothing for it elsewhere', () => {
    const out = layout(para(['Inter\u00adnational co\u00adoperation']), 60).lines;
    const texts_ = out.map((l) => lineText(l).trimEnd());
    expect(texts_[0]).toBe('Inter-');
    expect(texts_.join('')).not.toContain('\u00ad');
    const wide = layout(para(['co\u00adoperation']), 500).lines;
    expect(lineText(wide[0] as LineFragment)).toBe('cooperation');
  });

  it('pre keeps spaces and newlines; normal collapses them', () => {
    const pre = layout(para(['a  b\n  c'], style({ whiteSpace: 'pre' })), 500).lines;
    expect(pre.map((l) => lineText(l))).toEqual(['a  b', '  c']);
    const normal = layout(para(['  a  \n  b  ']), 500).lines;
    expect(normal.map((l) => lineText(l))).toEqual(['a b']);
    const preLine = layout(para(['a  \n  b'], style({ whiteSpace: 'pre-line' })), 500).lines;
    expect(preLine.map((l) => lineText(l))).toEqual(['a', 'b']);
  });

  it('collapses spaces across inline boundaries', () => {
    const b = style({ display: 'inline', fontWeight: 700 });
    const out = layout(para(['a ', span([' b '], b), ' c']), 500).lines;
    expect(lineText(out[0] as LineFragment)).toBe('a b c');
  });

  it('starts a new line at <br>', () => {
    const s = style();
    const out = layout(para(['one', { type: 'br', style: s }, 'two']), 500).lines;
    expect(out.map((l) => lineText(l))).toEqual(['one', 'two']);
    expect(out[1]?.y).toBeCloseTo(out[0]?.height ?? 0, 5);
  });

  it('reports characters no font has, once, and still lays them out', () => {
    // Cuneiform: no bundled font has it (emoji now come from Noto Emoji).
    const { findings, lines: out } = layout(para(['price \u{12000} ok \u{12000}']), 500);
    expect(findings.map((f) => f.code)).toEqual(['missing_glyphs']);
    expect(findings[0]?.message).toContain('U+12000');
    expect(lineText(out[0] as LineFragment)).toBe('price \u{12000} ok \u{12000}');
  });

  it('lays out nothing for collapsible spaces only', () => {
    const { contents } = layout(para(['   \n  ']), 500);
    expect(contents).toEqual({ children: [], height: 0 });
  });

  it('indents the first line', () => {
    const out = layout(para([LOREM], style({ textIndent: { pt: 30, pct: 0 } })), 200).lines;
    expect(leftEdge(out[0] as LineFragment)).toBeCloseTo(30, 5);
    expect(leftEdge(out[1] as LineFragment)).toBeCloseTo(0, 5);
  });

  it('puts preserved tabs on tab stops of tab-size spaces', () => {
    const s = style({ whiteSpace: 'pre', tabSize: 4 });
    const line = layout(para(['a\tb'], s), 500).lines[0] as LineFragment;
    const space = bundledShaping().shape(' ', bundledShaping().faceFor(s), 12, 'ltr').width;
    const b = texts(line).find((t) => t.text.endsWith('b'));
    const bGlyph = b?.glyphs.at(-1);
    const bX = (b?.x ?? 0) + (b?.width ?? 0) - (bGlyph?.advance ?? 0);
    expect(bX).toBeCloseTo(4 * space, 5);
  });

  it('applies text-transform', () => {
    const out = layout(para(['hello world'], style({ textTransform: 'capitalize' })), 500).lines;
    expect(lineText(out[0] as LineFragment)).toBe('Hello World');
  });
});

describe('the inline box model', () => {
  it('raises vertical-align: super above the baseline', () => {
    const sup = style({ display: 'inline', verticalAlign: 'super', fontSize: 9 });
    const line = layout(para(['x', span(['2'], sup)]), 500).lines[0] as LineFragment;
    const [base, raised] = texts(line);
    expect(base?.y).toBeCloseTo(line.baseline, 5);
    expect(raised?.y).toBeLessThan((base?.y ?? 0) - 3);
  });

  it('aligns with vertical-align: top, bottom and middle', () => {
    const big = style({ display: 'inline', fontSize: 30 });
    const top = style({ display: 'inline', verticalAlign: 'top', fontSize: 8 });
    const bottom = style({ display: 'inline', verticalAlign: 'bottom', fontSize: 8 });
    const middle = style({ display: 'inline', verticalAlign: 'middle', fontSize: 8 });
    const line = layout(
      para([span(['Big'], big), span(['top'], top), span(['bottom'], bottom), span(['mid'], middle)]),
      500,
    ).lines[0] as LineFragment;
    const [, t, b, m] = texts(line);
    const shaping = bundledShaping();
    const small = shaping.metrics(shaping.faceFor(top), 8);
    const half = (lineHeight: number) => (lineHeight - small.ascent - small.descent) / 2;
    const lh = small.ascent + small.descent + small.lineGap;
    // The top box's layout bounds start at the line's top, the bottom box's end at its bottom.
    expect((t?.y ?? 0) - small.ascent - half(lh)).toBeCloseTo(0, 5);
    expect((b?.y ?? 0) + small.descent + half(lh)).toBeCloseTo(line.height, 5);
    // middle: the box's midpoint at the parent's baseline minus half its x-height.
    const parent = shaping.metrics(shaping.faceFor(style()), 12);
    const mid = (m?.y ?? 0) + (small.descent - small.ascent) / 2;
    expect(mid).toBeCloseTo(line.baseline - parent.xHeight / 2, 5);
  });

  it('puts the leading above a line’s text in whole pixels, floored, and cuts line heights to 1/64px, as Chromium', () => {
    // 12pt (16px) Noto Sans: 17px ascent + 5px descent. line-height 1.3 is 20.8px, cut to 20.796875px (1/64).
    const lined = style({ lineHeight: { kind: 'number', value: 1.3 } });
    const line = layout(para(['Leading'], lined), 500).lines[0] as LineFragment;
    expect(line.height / 0.75).toBeCloseTo(1331 / 64, 9);
    // The leading, -1.2px, halved (-0.6px) and floored: -1px above, -0.2px below.
    expect(line.baseline / 0.75).toBeCloseTo(17 - 1, 9);
    const loose = style({ lineHeight: { kind: 'length', value: 25 * 0.75 } });
    // 25px: 3px of leading, 1px above and 2px below.
    expect((layout(para(['Leading'], loose), 500).lines[0] as LineFragment).baseline / 0.75).toBeCloseTo(17 + 1, 9);
  });

  it('takes a number line height of the font size rounded to 1/64px, as Chromium (not cut down to it)', () => {
    // 8pt is 10.667px, rounded 10.671875px; at 1.5, 16.0078px, cut to 16px (of the size cut down, 15.984375px).
    // Noto Sans at 10.667px: 11px ascent, 3px descent, so 2px of leading, 1px of it above: the baseline at 12px.
    const small = style({ fontSize: 8, lineHeight: { kind: 'number', value: 1.5 } });
    const line = layout(para(['Leading'], small), 500).lines[0] as LineFragment;
    expect(line.height / 0.75).toBeCloseTo(16, 9);
    expect(line.baseline / 0.75).toBeCloseTo(12, 9);
    // 10pt is 13.333px, rounded 13.328125px: at 1.35, 17.993px, cut to 17.984375px (not 18px).
    const ten = style({ fontSize: 10, lineHeight: { kind: 'number', value: 1.35 } });
    expect((layout(para(['Leading'], ten), 500).lines[0] as LineFragment).height / 0.75).toBeCloseTo(1151 / 64, 9);
  });

  it('keeps a line-height: normal line of a font with an odd-pixel line gap at its whole-pixel height', () => {
    // Arimo (Arial) at 14pt (18.667px): 17px ascent, 4px descent, 1px line gap: 22px lines, the gap below the text.
    const arial = style({ fontFamily: ['Arial'], fontSize: 14 });
    const out = layout(para(['One line', { type: 'br' as const, style: arial }, 'Two'], arial), 500).lines;
    expect(out).toHaveLength(2);
    expect((out[0] as LineFragment).height / 0.75).toBeCloseTo(22, 9);
    expect((out[0] as LineFragment).baseline / 0.75).toBeCloseTo(17, 9);
    expect((out[1] as LineFragment).y / 0.75).toBeCloseTo(22, 9);
  });

  it('gives a line the height of its tallest inline box', () => {
    const big = style({ display: 'inline', fontSize: 24 });
    const line = layout(para(['small ', span(['BIG'], big)]), 500).lines[0] as LineFragment;
    expect(line.height).toBeGreaterThan(30);
    const [small, large] = texts(line);
    expect(small?.y).toBeCloseTo(large?.y ?? 0, 5);
  });

  it('paints an inline box with a background behind its text', () => {
    const marked = style({ display: 'inline', backgroundColor: { r: 255, g: 255, b: 0, a: 1 } });
    const line = layout(para(['a ', span(['marked'], marked), ' b']), 500).lines[0] as LineFragment;
    const boxIndex = line.children.findIndex((f) => f.kind === 'box');
    const box = line.children[boxIndex] as BoxFragment;
    const text = texts(line).find((t) => t.text.includes('marked'));
    expect(box.role).toBe('inline');
    expect(boxIndex).toBe(0);
    expect(box.x).toBeCloseTo(text?.x ?? -1, 5);
    expect(box.width).toBeCloseTo(text?.width ?? -1, 5);
    // Right to left, with padding: the box spans the text and its padding, wherever bidi put them.
    const padded = { ...marked, paddingLeft: { pt: 3, pct: 0 }, paddingRight: { pt: 5, pct: 0 } };
    const rtl = layout(para(['שלום ', span(['עולם'], padded), ' טוב'], style({ direction: 'rtl' })), 500)
      .lines[0] as LineFragment;
    const piece = rtl.children.find((f): f is BoxFragment => f.kind === 'box') as BoxFragment;
    const olam = texts(rtl).find((t) => t.text.includes('עולם'));
    expect(piece.x).toBeCloseTo((olam?.x ?? 0) - 3, 5);
    expect(piece.width).toBeCloseTo((olam?.width ?? 0) + 8, 5);
    const others = texts(rtl).filter((t) => t !== olam);
    for (const t of others) expect(t.x + t.width <= piece.x + 1e-6 || t.x >= piece.x + piece.width - 1e-6).toBe(true);
  });

  it('puts a broken inline box’s start padding and border on its first line only (slice)', () => {
    const side = { width: 2, style: 'solid' as const, color: { r: 0, g: 0, b: 0, a: 1 } };
    const boxed = style({
      display: 'inline',
      paddingLeft: { pt: 10, pct: 0 },
      paddingRight: { pt: 10, pct: 0 },
      borderLeft: side,
      borderRight: side,
    });
    const out = layout(
      para(['Lead ', span(['several words that wrap onto the next line'], boxed), ' tail']),
      150,
    ).lines;
    const pieces = out.flatMap((l) => l.children.filter((f): f is BoxFragment => f.kind === 'box'));
    expect(pieces.length).toBeGreaterThan(1);
    const first = pieces[0] as BoxFragment;
    const lastPiece = pieces.at(-1) as BoxFragment;
    const firstText = texts(out[0] as LineFragment).find((t) => t.text.startsWith('several'));
    expect(firstText?.x).toBeCloseTo(first.x + 12, 5);
    expect(first.style.borderLeft.width).toBe(2);
    expect(first.style.borderRight.width).toBe(0);
    expect(lastPiece.style.borderLeft.width).toBe(0);
    expect(lastPiece.style.borderRight.width).toBe(2);
    expect(pieces[1]?.x).toBeCloseTo(0, 5);
  });

  it('places an inline-block on the line, its last baseline on the line’s baseline', () => {
    const blockStyle = style({
      display: 'inline-block',
      paddingTop: { pt: 6, pct: 0 },
      paddingLeft: { pt: 4, pct: 0 },
    });
    const inner: BlockBox = para(['inside'], blockStyle);
    const atomic: AtomicInlineBox = { type: 'atomic', style: blockStyle, box: inner };
    const line = layout(para(['before ', atomic, ' after']), 500).lines[0] as LineFragment;
    const box = line.children.find((f): f is BoxFragment => f.kind === 'box' && f.role === 'inline-block');
    expect(box).toBeDefined();
    const innerLine = box?.children[0] as LineFragment;
    expect((box?.y ?? 0) + innerLine.y + innerLine.baseline).toBeCloseTo(line.baseline, 5);
    const [before, after] = texts(line);
    expect(box?.x).toBeCloseTo((before?.x ?? 0) + (before?.width ?? 0), 5);
    expect(after?.x).toBeCloseTo((box?.x ?? 0) + (box?.width ?? 0), 5);
    expect(line.height).toBeGreaterThan(16.5);
  });

  it('draws an outside list marker before the first line', () => {
    const s = style({ display: 'list-item' });
    const out = layout(para(['item'], s, { marker: { text: '•', style: s } }), 300).lines;
    const marker = texts(out[0] as LineFragment).find((t) => t.text === '•');
    // As Chromium: 12pt = 16px, ascent 17px → 17 × 2/3 = 11px, + 8px: the bullet starts 19px before the content.
    expect(marker?.x).toBeCloseTo(-19 * 0.75, 5);
    const decimal = style({ display: 'list-item', listStyleType: 'decimal' });
    const numbered = layout(para(['item'], decimal, { marker: { text: '12.', style: decimal } }), 300).lines;
    const number = texts(numbered[0] as LineFragment).find((t) => t.text === '12.');
    const space = bundledShaping().shape(' ', bundledShaping().faceFor(decimal), 12, 'ltr').width;
    // "12. " ends at the content edge.
    expect((number?.x ?? 0) + (number?.width ?? 0) + space).toBeCloseTo(0, 5);
  });
});

describe('list markers', () => {
  it('puts an inside marker at the start of the first line', () => {
    const s = style({ display: 'list-item', listStylePosition: 'inside' });
    const out = layout(para(['  item'], s, { marker: { text: '1.', style: s } }), 300).lines;
    expect(lineText(out[0] as LineFragment)).toBe('1. item');
  });

  it('gives an empty list item its marker’s line', () => {
    const s = style({ display: 'list-item' });
    const { lines: out, contents } = layout(para([], s, { marker: { text: '•', style: s } }), 300);
    expect(out).toHaveLength(1);
    expect(contents.height).toBeCloseTo(16.5, 5);
  });
});

describe('inlineIntrinsicWidths', () => {
  it('is the widest word and the whole line', () => {
    const ctx = testContext();
    const shaping = bundledShaping();
    const font = shaping.faceFor(style());
    const width = (t: string) => shaping.shape(t, font, 12, 'ltr').width;
    const widths = inlineIntrinsicWidths(para(['tiny enormous word']), ctx);
    expect(widths.min).toBeCloseTo(width('enormous'), 5);
    expect(widths.max).toBeCloseTo(width('tiny') + width('enormous') + width('word') + 2 * width(' '), 5);
    const blockStyle = style({ display: 'inline-block', paddingLeft: { pt: 10, pct: 0 } });
    const atomic: AtomicInlineBox = {
      type: 'atomic',
      style: blockStyle,
      box: para(['aa bbbbbbbbbbbbbbbb'], blockStyle),
    };
    const withBlock = inlineIntrinsicWidths(para(['x ', atomic]), ctx);
    expect(withBlock.min).toBeCloseTo(10 + width('bbbbbbbbbbbbbbbb'), 5);
    expect(withBlock.max).toBeCloseTo(
      width('x') + width(' ') + 10 + width('aa') + width(' ') + width('bbbbbbbbbbbbbbbb'),
      5,
    );
    const indented = inlineIntrinsicWidths(para(['tiny enormous'], style({ textIndent: { pt: 100, pct: 0 } })), ctx);
    expect(indented.min).toBeCloseTo(100 + width('tiny'), 5);
  });
});

describe('shaping cache', () => {
  it('shapes a paragraph’s words once for the process', () => {
    const box = para(['A paragraph shaped once and then served from the cache']);
    layout(box, 120);
    const before = shapingStats();
    layout(box, 120);
    const after = shapingStats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(
      words('A paragraph shaped once and then served from the cache').length,
    );
  });

  it('lays out 2,000 short paragraphs (timing printed)', () => {
    const ctx = testContext();
    const boxes = Array.from({ length: 2000 }, (_, i) =>
      para([`Invoice line ${i}: ${i % 7} units of item ${i * 13} at ${(i * 1.5).toFixed(2)} EUR`]),
    );
    const time = () => {
      const start = performance.now();
      let height = 0;
      for (const box of boxes) height += layoutInline(box, 300, ctx).height;
      return [performance.now() - start, height];
    };
    const [cold, height] = time();
    const [warm] = time();
    console.log(`2,000 short paragraphs: ${cold?.toFixed(1)} ms with new words, ${warm?.toFixed(1)} ms shaped before`);
    expect(height).toBeGreaterThan(0);
  });
});
