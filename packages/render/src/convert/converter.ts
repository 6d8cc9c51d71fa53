import { type QrLevel, qrFits } from '@quire/core';
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { hasRtl } from '../fonts/bidi';
import type { FontSet } from '../fonts/font-set';
import { type ComputedStyle, computeStyle, type StyleContext } from './css/computed';
import { toPoints } from './css/values';
import { fromDataUrl, type ImageInfo, sniffImage, toBase64 } from './images';
import { splitLongWords } from './long-words';
import { isZeroMargin, type PdfNode, pdfMargin, type Run, round } from './nodes';
import { serializeSvg, svgSize } from './svg';
import { convertTable } from './tables';
import { HIDDEN_ELEMENTS, UNSUPPORTED_ELEMENTS } from './user-agent';
import type { Warnings } from './warnings';

/** Draws barcodes as SVG; injected so that the converter stays free of the barcode library's weight. */
export type BarcodeToSvg = (type: string, value: string, heightPt: number) => string;

/** Text as the PDF must hold it: reordered for right-to-left scripts, in a paragraph of the given direction. */
export type TextShaper = (text: string, direction?: 'ltr' | 'rtl') => string;

export interface ConverterDeps {
  styles: StyleContext;
  fonts: FontSet;
  warnings: Warnings;
  /** Images by name or URL, already loaded. */
  images: Map<string, Uint8Array>;
  barcode: BarcodeToSvg;
  shape: TextShaper;
  /** pdfmake's line height is a multiple of the font's own line gap; this is that gap per family (em). */
  naturalLineHeight: (family: string) => number;
  /** The height of the page's content box in points. */
  pageHeight: number;
}

const BLOCK_DISPLAYS = new Set([
  'block',
  'list-item',
  'flex',
  'table',
  'table-row',
  'table-cell',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-caption',
]);
const MEDIA = new Set(['img', 'svg', 'qr-code', 'bar-code']);
const KNOWN_ELEMENTS = new Set([
  'html',
  'body',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'address',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'legend',
  'details',
  'summary',
  'center',
  'hgroup',
  'dl',
  'dt',
  'dd',
  'p',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ul',
  'ol',
  'li',
  'menu',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'col',
  'colgroup',
  'span',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'small',
  'big',
  'sub',
  'sup',
  'code',
  'kbd',
  'samp',
  'tt',
  'var',
  'cite',
  'dfn',
  'mark',
  'abbr',
  'time',
  'label',
  'br',
  'wbr',
  'font',
  'q',
  'data',
  'bdi',
  'bdo',
  'img',
  'svg',
  'qr-code',
  'bar-code',
]);

const LIST_TYPES: Record<string, string> = {
  disc: 'disc',
  circle: 'circle',
  square: 'square',
  none: 'none',
  decimal: 'decimal',
  'lower-alpha': 'lower-alpha',
  'lower-latin': 'lower-alpha',
  'upper-alpha': 'upper-alpha',
  'upper-latin': 'upper-alpha',
  'lower-roman': 'lower-roman',
  'upper-roman': 'upper-roman',
};

/** Turns parsed, styled HTML into pdfmake content. One instance converts one document. */
export class Converter {
  readonly styles = new WeakMap<Element, ComputedStyle>();

  constructor(private readonly deps: ConverterDeps) {}

  get pageHeight(): number {
    return this.deps.pageHeight;
  }

  style(element: Element, parent: ComputedStyle): ComputedStyle {
    let found = this.styles.get(element);
    if (!found) {
      found = computeStyle(element, parent, this.deps.styles);
      this.styles.set(element, found);
    }
    return found;
  }

  /** The width of a text in an element's font, in points. */
  textWidth(text: string, style: ComputedStyle): number {
    const family = this.deps.fonts.resolveFamily(style.fontFamily);
    const shown = style.textTransform === 'uppercase' ? text.toUpperCase() : text;
    const width =
      this.deps.fonts.textWidth?.(shown, family, style.fontSize, style.bold) ?? shown.length * style.fontSize * 0.55;
    return width + Math.max(0, shown.length - 1) * style.letterSpacing;
  }

  /** A generous guess at the height of an element's text: its lines at its font size and line height. */
  estimateHeight(element: Element, style: ComputedStyle, width: number): number {
    let lines = 0;
    const walk = (nodes: ChildNode[]) => {
      for (const node of nodes) {
        if (isText(node)) lines += (node.data.trim().length * style.fontSize * 0.5) / Math.max(20, width);
        else if (isTag(node)) {
          if (/^(br|p|div|li|tr|h[1-6])$/.test(node.name)) lines += 1;
          walk(node.children);
        }
      }
    };
    walk(element.children);
    return (Math.ceil(lines) + 1) * style.fontSize * style.lineHeight;
  }

  warn(code: string, message: string): void {
    this.deps.warnings.add(code, message);
  }

  private isBlock(node: ChildNode, parent: ComputedStyle): boolean {
    if (!isTag(node)) return false;
    if (MEDIA.has(node.name)) return true;
    const style = this.style(node, parent);
    return BLOCK_DISPLAYS.has(style.display);
  }

  /** The content of a block container: paragraphs for runs of inline content, nodes for block children. */
  blockChildren(children: ChildNode[], style: ComputedStyle, width: number): PdfNode[] {
    const out: PdfNode[] = [];
    let inline: ChildNode[] = [];
    const flush = () => {
      if (inline.length === 0) return;
      const paragraph = this.paragraph(inline, style);
      if (paragraph) out.push(paragraph);
      inline = [];
    };
    for (const child of children) {
      if (isTag(child) && (HIDDEN_ELEMENTS.has(child.name) || this.style(child, style).display === 'none')) continue;
      if (this.isBlock(child, style)) {
        flush();
        out.push(...this.block(child as Element, style, width));
      } else inline.push(child);
    }
    flush();
    return collapseMargins(out);
  }

  /** A paragraph of inline content, or nothing when it is only white space. */
  paragraph(nodes: ChildNode[], style: ComputedStyle): PdfNode | undefined {
    const runs: Run[] = [];
    for (const node of nodes) this.inline(node, style, runs);
    const text = trimRuns(runs, style.whiteSpace);
    if (text.length === 0) return undefined;
    const family = this.deps.fonts.resolveFamily(style.fontFamily);
    const node: PdfNode = { text, lineHeight: this.lineHeight(style, family) };
    const align = style.textAlign ?? (style.direction === 'rtl' ? 'right' : undefined);
    if (align) node.alignment = align;
    if (style.textIndent) node.leadingIndent = style.textIndent;
    return node;
  }

  lineHeight(style: ComputedStyle, family: string): number {
    return Math.max(0.5, Math.round((style.lineHeight / this.deps.naturalLineHeight(family)) * 1000) / 1000);
  }

  /** Appends the runs of an inline node. */
  inline(node: ChildNode, parent: ComputedStyle, runs: Run[]): void {
    if (isText(node)) {
      this.textRuns(node.data, parent, runs);
      return;
    }
    if (!isTag(node)) return;
    if (HIDDEN_ELEMENTS.has(node.name)) return;
    if (node.name === 'br') {
      runs.push({ text: '\n', fontSize: parent.fontSize });
      return;
    }
    if (node.name === 'wbr') return;
    if (UNSUPPORTED_ELEMENTS.has(node.name)) {
      this.warn('unsupported_element', `<${node.name}> cannot be drawn in a PDF and was left out`);
      return;
    }
    if (!KNOWN_ELEMENTS.has(node.name) && !node.name.includes('-')) {
      this.warn('unsupported_element', `<${node.name}> is not part of the supported HTML; its text is kept`);
    }
    const style = this.style(node, parent);
    if (style.display === 'none') return;
    if (node.name === 'q') this.textRuns('“', style, runs);
    for (const child of node.children) this.inline(child, style, runs);
    if (node.name === 'q') this.textRuns('”', style, runs);
  }

  private textRuns(raw: string, style: ComputedStyle, runs: Run[]): void {
    let text = raw;
    if (style.whiteSpace === 'normal' || style.whiteSpace === 'nowrap') text = text.replace(/[ \t\n\r\f]+/g, ' ');
    else if (style.whiteSpace === 'pre-line') text = text.replace(/[ \t\f]+/g, ' ');
    else text = text.replace(/\r\n?/g, '\n');
    if (!text) return;
    if (style.textTransform === 'uppercase') text = text.toUpperCase();
    else if (style.textTransform === 'lowercase') text = text.toLowerCase();
    else if (style.textTransform === 'capitalize')
      text = text.replace(/(^|[\s\-\u2013\u2014(\u201c"'])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());
    const family = this.deps.fonts.resolveFamily(style.fontFamily);
    const base: Run = { text: '', fontSize: round(style.fontSize), color: style.color };
    if (style.bold) base.bold = true;
    if (style.italic) base.italics = true;
    if (style.decoration.size) {
      const list = [...style.decoration];
      base.decoration = list.length === 1 ? (list[0] as string) : list;
    }
    if (style.letterSpacing) base.characterSpacing = round(style.letterSpacing);
    if (style.link) base.link = style.link;
    if (style.verticalAlign === 'super') base.sup = true;
    else if (style.verticalAlign === 'sub') base.sub = true;
    if (style.whiteSpace === 'pre' || style.whiteSpace === 'pre-wrap') base.preserveLeadingSpaces = true;
    const background = inlineBackground(style);
    if (background) base.background = background;
    // Bidirectional text is put in visual order first, across fonts, since digits and Hebrew may come from
    // different fonts but belong to one line.
    const rtl = hasRtl(text);
    const ordered = rtl ? this.deps.shape(text, style.direction) : text;
    for (const piece of this.deps.fonts.splitByCoverage(ordered, family)) {
      if (!rtl) {
        for (const text of splitLongWords(piece.text)) runs.push({ ...base, text, font: piece.font });
        continue;
      }
      // fontkit reverses each right-to-left piece pdfmake hands it, trailing space included; words and spaces
      // as pieces of their own keep the spaces between the words.
      for (const token of piece.text.split(/(\s+)/)) {
        if (token) for (const text of splitLongWords(token)) runs.push({ ...base, text, font: piece.font });
      }
    }
  }

  /** Converts a block-level element. */
  block(element: Element, parent: ComputedStyle, width: number): PdfNode[] {
    const style = this.style(element, parent);
    if (UNSUPPORTED_ELEMENTS.has(element.name)) {
      this.warn('unsupported_element', `<${element.name}> cannot be drawn in a PDF and was left out`);
      return [];
    }
    if (!KNOWN_ELEMENTS.has(element.name) && !element.name.includes('-')) {
      this.warn('unsupported_element', `<${element.name}> is not part of the supported HTML; it was drawn as a block`);
    }
    const inner = Math.max(
      10,
      this.outerWidth(style, width) -
        style.padding[1] -
        style.padding[3] -
        style.border[1].width -
        style.border[3].width,
    );
    let content: PdfNode[];
    let sized = false;
    switch (element.name) {
      case 'img':
      case 'svg':
      case 'qr-code':
      case 'bar-code':
        // An image sits on its line like text does: centred or right-aligned by the text-align around it.
        content = this.media(element, style, inner).map((node) =>
          style.textAlign === 'center' || style.textAlign === 'right' ? { ...node, alignment: style.textAlign } : node,
        );
        sized = true;
        break;
      case 'hr':
        return [this.rule(style, width)];
      case 'ul':
      case 'ol':
      case 'menu':
        content = [this.list(element, style, inner)];
        break;
      case 'table':
        content = this.table(element, style, inner);
        sized = true;
        break;
      default:
        if (style.display === 'flex' && style.flexDirection === 'row') content = [this.flexRow(element, style, inner)];
        else content = this.blockChildren(element.children, style, inner);
        this.checkFixedHeight(element, style, inner);
    }
    return [this.box(content, style, width, sized)];
  }

  /** Margins in points, percentages resolved against the container's width (as CSS does, vertical ones too). */
  margins(style: ComputedStyle, container: number): [number, number, number, number] {
    const percent = style.marginPercent;
    if (!percent) return style.margin;
    return style.margin.map((m, i) => (percent[i] === undefined ? m : ((percent[i] as number) / 100) * container)) as [
      number,
      number,
      number,
      number,
    ];
  }

  /** A box of fixed height grows in a PDF to hold its content; `check` reports it, since the design meant less. */
  private checkFixedHeight(element: Element, style: ComputedStyle, width: number): void {
    const height = toPoints(style.height, style.fontSize);
    if (height === undefined) return;
    const needed = this.estimateHeight(element, style, width);
    if (needed > height + 1) {
      this.warn(
        'content_overflow',
        `The content of a <${element.name}> ${round(height)}pt high needs about ${round(needed)}pt; the box grows to fit it`,
      );
    }
  }

  /** The width a block takes within its container. */
  outerWidth(style: ComputedStyle, container: number): number {
    const margin = this.margins(style, container);
    const available = container - margin[1] - margin[3];
    const set = toPoints(style.width, style.fontSize, container);
    const max = toPoints(style.maxWidth, style.fontSize, container);
    let w = set ?? available;
    if (max !== undefined) w = Math.min(w, max);
    if (w > available + 0.5) {
      this.warn(
        'content_overflow',
        `A block ${round(w)}pt wide does not fit in the ${round(available)}pt available; it was narrowed`,
      );
    }
    return Math.max(1, Math.min(w, available));
  }

  /** Wraps block content with the element's margins, padding, borders, background, width and page breaks. */
  box(content: PdfNode[], style: ComputedStyle, container: number, sized: boolean): PdfNode {
    const hasBorder = style.border.some((b) => b.width > 0);
    const hasPadding = style.padding.some((p) => p > 0);
    const setWidth = toPoints(style.width, style.fontSize, container);
    let node: PdfNode;
    if (hasBorder || style.background || (setWidth !== undefined && !sized)) {
      const width = setWidth !== undefined ? round(Math.min(this.outerWidth(style, container), setWidth)) : '*';
      const [bt, br, bb, bl] = style.border;
      node = {
        table: {
          widths: [width],
          body: [
            [
              {
                stack: content,
                margin: pdfMargin(style.padding),
                ...(style.background ? { fillColor: style.background } : {}),
              },
            ],
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === 0 ? bt.width : bb.width),
          vLineWidth: (i: number) => (i === 0 ? bl.width : br.width),
          hLineColor: (i: number) => (i === 0 ? bt.color : bb.color),
          vLineColor: (i: number) => (i === 0 ? bl.color : br.color),
          paddingLeft: () => 0,
          paddingRight: () => 0,
          paddingTop: () => 0,
          paddingBottom: () => 0,
        },
      };
    } else if (hasPadding) {
      node = { stack: content, margin: pdfMargin(style.padding) };
      node = { stack: [node] };
    } else {
      node = { stack: content };
    }
    const margin = pdfMargin(this.margins(style, container));
    if (!isZeroMargin(margin)) node.margin = margin.map(round);
    if (style.breakBefore) node.pageBreak = 'before';
    else if (style.breakAfter) node.pageBreak = 'after';
    if (style.avoidBreakInside) node.unbreakable = true;
    return node;
  }

  /** `display: flex` in a row: pdfmake columns, with flex-grow weights, gaps and justify-content. */
  flexRow(element: Element, style: ComputedStyle, width: number): PdfNode {
    const items = element.children.filter((c) =>
      isTag(c)
        ? !HIDDEN_ELEMENTS.has(c.name) && this.style(c, style).display !== 'none'
        : isText(c) && c.data.trim() !== '',
    );
    const gap = style.columnGap;
    const available = width - gap * Math.max(0, items.length - 1);
    const styled = items.map((item) => (isTag(item) ? { item, s: this.style(item, style) } : { item, s: undefined }));
    const fixed = styled.map(({ s }) => (s ? toPoints(s.width ?? s.flexBasis, s.fontSize, available) : undefined));
    const grows = styled.map(({ s }) => (s?.flexGrow && s.flexGrow > 0 ? s.flexGrow : 0));
    const totalGrow = grows.reduce((a, b) => a + b, 0);
    const autos = styled.filter((_, i) => fixed[i] === undefined && grows[i] === 0).length;
    const remaining = Math.max(0, available - fixed.reduce<number>((a, b) => a + (b ?? 0), 0));
    const columns: PdfNode[] = styled.map(({ item }, i) => {
      const w =
        fixed[i] !== undefined
          ? round(fixed[i] as number)
          : grows[i] && !autos
            ? round((remaining * (grows[i] as number)) / totalGrow)
            : grows[i]
              ? '*'
              : 'auto';
      const share = typeof w === 'number' ? w : totalGrow || autos ? available / items.length : available;
      const stack = isTag(item)
        ? this.block(item, style, share)
        : ([this.paragraph([item], style)].filter(Boolean) as PdfNode[]);
      return { width: w, stack };
    });
    const justify = style.justifyContent ?? '';
    const spacer = () => ({ width: '*', text: '' });
    if (totalGrow === 0 && columns.length > 0) {
      if (/space-between|space-around|space-evenly/.test(justify) && columns.length > 1) {
        const spaced: PdfNode[] = [];
        columns.forEach((c, i) => {
          if (i > 0) spaced.push(spacer());
          spaced.push(c);
        });
        return { columns: spaced, columnGap: round(gap) };
      }
      if (/center/.test(justify)) return { columns: [spacer(), ...columns, spacer()], columnGap: round(gap) };
      if (/flex-end|end|right/.test(justify)) return { columns: [spacer(), ...columns], columnGap: round(gap) };
    }
    return { columns, columnGap: round(gap) };
  }

  /** A horizontal rule: a one-cell table whose top line is the rule. */
  rule(style: ComputedStyle, width: number): PdfNode {
    const line = style.border.find((b) => b.width > 0) ?? { width: 0.75, color: '#a0a0a0' };
    return {
      table: { widths: [round(this.outerWidth(style, width))], body: [[{ text: '', fontSize: 1 }]] },
      layout: {
        hLineWidth: (i: number) => (i === 0 ? line.width : 0),
        vLineWidth: () => 0,
        hLineColor: () => line.color,
        paddingTop: () => 0,
        paddingBottom: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 0,
      },
      margin: pdfMargin(style.margin).map(round),
    };
  }

  list(element: Element, style: ComputedStyle, width: number): PdfNode {
    const ordered = element.name === 'ol';
    const items: PdfNode[] = [];
    for (const child of element.children) {
      if (isTag(child) && child.name === 'li') {
        const li = this.style(child, style);
        if (li.display === 'none') continue;
        const content = this.blockChildren(child.children, li, width - 15);
        const item: PdfNode = content.length === 1 ? (content[0] as PdfNode) : { stack: content };
        if (li.listStyleType !== style.listStyleType) item.listType = LIST_TYPES[li.listStyleType] ?? undefined;
        if (ordered && child.attribs.value) item.counter = Number(child.attribs.value);
        items.push(item);
      } else if (isTag(child) || (isText(child) && child.data.trim())) {
        items.push(
          ...(isTag(child)
            ? this.block(child, style, width)
            : ([this.paragraph([child], style)].filter(Boolean) as PdfNode[])),
        );
      }
    }
    const type = LIST_TYPES[style.listStyleType] ?? (ordered ? 'decimal' : 'disc');
    const node: PdfNode = ordered ? { ol: items } : { ul: items };
    if (type !== 'decimal' && type !== 'disc') node.type = type;
    if (ordered && element.attribs.start) node.start = Number(element.attribs.start);
    if (element.attribs.reversed !== undefined && ordered) node.reversed = true;
    node.markerColor = style.color;
    // pdfmake draws markers in the node's font size; without it, numbers of an 8pt list come out at 12pt.
    node.fontSize = round(style.fontSize);
    // A browser's 40px list padding holds the marker; pdfmake adds its own marker width, so only the rest remains.
    const indent = Math.max(0, style.padding[3] - 15);
    if (indent) node.margin = [round(indent), 0, 0, 0];
    return node;
  }

  /** Images, inline SVG, QR codes and barcodes. */
  media(element: Element, style: ComputedStyle, width: number): PdfNode[] {
    const size = (intrinsic: { width?: number; height?: number }) => {
      let w = toPoints(style.width, style.fontSize, width);
      let h = toPoints(style.height, style.fontSize);
      const iw = intrinsic.width === undefined ? undefined : intrinsic.width * 0.75;
      const ih = intrinsic.height === undefined ? undefined : intrinsic.height * 0.75;
      if (w === undefined && h === undefined) {
        w = iw;
        h = ih;
      } else if (w === undefined && h !== undefined && iw && ih) w = (h * iw) / ih;
      else if (h === undefined && w !== undefined && iw && ih) h = (w * ih) / iw;
      const max = toPoints(style.maxWidth, style.fontSize, width) ?? width;
      if (w !== undefined && w > max) {
        if (h !== undefined) h = (h * max) / w;
        w = max;
      }
      return { width: w === undefined ? undefined : round(w), height: h === undefined ? undefined : round(h) };
    };
    switch (element.name) {
      case 'svg': {
        const { width: w, height: h } = size(svgSize(element));
        return [{ svg: serializeSvg(element), ...(w ? { width: w } : {}), ...(h ? { height: h } : {}) }];
      }
      case 'qr-code': {
        const value = element.attribs.value ?? '';
        if (!value) return [];
        const px = Number(element.attribs.size) || 96;
        const fit = toPoints(style.width, style.fontSize, width) ?? px * 0.75;
        const given = (element.attribs.level ?? 'M').toUpperCase();
        const level = (/^[LMQH]$/.test(given) ? given : 'M') as QrLevel;
        // pdfmake throws (a string, not even an Error) on a text no QR code can hold.
        if (!qrFits(value, level)) {
          this.warn(
            'qr_failed',
            `A QR code cannot hold ${value.length} characters at error correction level ${level}; it was left out`,
          );
          return [];
        }
        return [{ qr: value, fit: round(fit), eccLevel: level, foreground: style.color }];
      }
      case 'bar-code': {
        const value = element.attribs.value ?? '';
        if (!value) return [];
        const height = (Number(element.attribs.height) || 40) * 0.75;
        try {
          const svg = this.deps.barcode(element.attribs.type ?? 'code128', value, height);
          const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
          const ratio = box ? Number(box[1]) / Number(box[2]) : 3;
          const h = toPoints(style.height, style.fontSize) ?? height;
          return [{ svg, width: round(Math.min(width, h * ratio)), height: round(h) }];
        } catch (error) {
          this.warn(
            'barcode_failed',
            `The ${element.attribs.type ?? 'code128'} barcode "${value}" could not be drawn: ${(error as Error).message}`,
          );
          return [];
        }
      }
      default:
        return this.image(element, style, width, size);
    }
  }

  private image(
    element: Element,
    style: ComputedStyle,
    width: number,
    size: (i: { width?: number; height?: number }) => { width?: number; height?: number },
  ): PdfNode[] {
    const src = (element.attribs.src ?? '').trim();
    const alt = element.attribs.alt;
    const fallback = (reason: string) => {
      this.warn(
        'image_not_loaded',
        `The image "${src.startsWith('data:') ? `${src.slice(0, 30)}…` : src}" was not drawn: ${reason}`,
      );
      return alt ? [{ text: alt, italics: true, color: '#666666', fontSize: round(style.fontSize) }] : [];
    };
    if (!src) return fallback('it has no src');
    const bytes = src.startsWith('data:')
      ? fromDataUrl(src)
      : (this.deps.images.get(src) ?? this.deps.images.get(src.replace(/^asset:/, '')));
    if (!bytes)
      return fallback(/^https?:/i.test(src) ? 'remote images need an image loader' : 'no asset has that name');
    const info: ImageInfo | undefined = sniffImage(bytes);
    if (!info) return fallback('only PNG, JPEG and SVG images are supported');
    const { width: w, height: h } = size(info);
    const dims = { ...(w ? { width: w } : {}), ...(h ? { height: h } : {}) };
    if (info.kind === 'svg') return [{ svg: new TextDecoder().decode(bytes), ...dims }];
    const node: PdfNode = { image: `data:image/${info.kind};base64,${toBase64(bytes)}`, ...dims };
    if (!w && !h) node.fit = [round(width), 10_000];
    return [node];
  }

  /** Tables are converted by tables.ts; assigned there to keep this file about blocks and text. */
  table(element: Element, style: ComputedStyle, width: number): PdfNode[] {
    return convertTable(this, element, style, width);
  }
}

function inlineBackground(style: ComputedStyle): string | undefined {
  return style.display === 'inline' || style.display === 'inline-block' ? style.background : undefined;
}

/** Drops white space at the start and end of a paragraph and after line breaks, as a browser does. */
function trimRuns(runs: Run[], whiteSpace: ComputedStyle['whiteSpace']): Run[] {
  if (whiteSpace === 'pre' || whiteSpace === 'pre-wrap') return runs.filter((r) => r.text.length > 0);
  const out: Run[] = [];
  let atLineStart = true;
  for (const run of runs) {
    let text = run.text;
    if (atLineStart) text = text.replace(/^ +/, '');
    if (text === '') continue;
    // Collapse a space at the end of the previous run with one at the start of this one.
    const previous = out[out.length - 1];
    if (previous?.text.endsWith(' ') && text.startsWith(' ')) text = text.slice(1);
    if (text === '') continue;
    text = text.replace(/ *\n */g, '\n');
    out.push({ ...run, text });
    atLineStart = text.endsWith('\n');
  }
  while (out.length) {
    const last = out[out.length - 1] as Run;
    const trimmed = last.text.replace(/ +$/, '');
    if (trimmed) {
      last.text = trimmed;
      break;
    }
    out.pop();
  }
  return out;
}

/** Adjacent vertical margins collapse to the larger of the two, as between CSS blocks. */
function collapseMargins(nodes: PdfNode[]): PdfNode[] {
  for (let i = 1; i < nodes.length; i++) {
    const previous = (nodes[i - 1] as PdfNode).margin as number[] | undefined;
    const current = (nodes[i] as PdfNode).margin as number[] | undefined;
    if (!previous || !current) continue;
    const above = previous[3] as number;
    const below = current[1] as number;
    if (above > 0 && below > 0) current[1] = round(Math.max(above, below) - above);
  }
  return nodes;
}
