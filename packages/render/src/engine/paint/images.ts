import { fromDataUrl, sniffImage } from '../../convert/images';
import type { ImageFragment, SvgFragment } from '../layout/fragment';
import type { ColorFilter } from '../style/color-filter';
import { type BackgroundRepeat, type ComputedStyle, resolveLength } from '../style/computed-style';
import { num, type Rect } from './content';
import { reportFilter } from './filter-findings';
import { embedFiltered, MAX_FILTERED_PIXELS } from './filtered-images';
import { paintGradient } from './gradients';
import type { PaintContext } from './paint-context';
import type { PdfDocument, PdfImage } from './pdfkit-types';
import type { DecodedImage, PaintPlatform } from './platform';
import { bidiMarkOf, SvgBidiFonts, withBidiMarks } from './svg-bidi';
import { filteredSvgContent } from './svg-filter';
import { withCoveringFonts } from './svg-fonts';

/**
 * The document's raster images: the same bytes make one XObject however many pages show them (and one more per
 * colour filter they are drawn through).
 */
export class DocumentImages {
  private readonly byBytes = new WeakMap<Uint8Array, PdfImage | null>();
  private readonly byUrl = new Map<string, PdfImage | null>();
  private readonly urlBytes = new Map<string, Uint8Array | null>();
  private readonly made = new WeakMap<Uint8Array, Map<string, unknown>>();
  private madeCount = 0;

  constructor(
    private readonly doc: PdfDocument,
    private readonly platform: Pick<PaintPlatform, 'checkInflates' | 'embedNow' | 'decodeImage'>,
    private readonly resolve?: (url: string) => Uint8Array | undefined,
  ) {}

  /**
   * The image of these bytes through a colour filter, embedded once per document and filter; null when its pixels
   * cannot be had here (not PNG or JPEG, corrupt, too large, or a PNG in a browser).
   */
  throughFilter(bytes: Uint8Array, filter: ColorFilter): PdfImage | null {
    return this.derived(bytes, `filter ${filter.key}`, (label) => {
      const info = sniffImage(bytes);
      if (info?.kind !== 'png' && info?.kind !== 'jpeg') return null;
      const source = this.source(bytes);
      const decoded = source ? this.decode(bytes, info.kind) : undefined;
      if (!source || !decoded) return null;
      // pdfkit reads the orientation when it opens a JPEG (nothing is embedded until it is drawn).
      const orientation = info.kind === 'jpeg' ? (this.doc.openImage(source).orientation ?? 1) : 1;
      return embedFiltered(this.doc, decoded, filter, label, orientation);
    });
  }

  /** These bytes' pixels, fresh (the caller may change them); undefined when this platform cannot decode them. */
  decode(bytes: Uint8Array, format: 'png' | 'jpeg'): DecodedImage | undefined {
    const info = sniffImage(bytes);
    if ((info?.width ?? 0) * (info?.height ?? 0) > MAX_FILTERED_PIXELS) return undefined;
    return this.platform.decodeImage?.(bytes, format);
  }

  /**
   * Something made of these bytes (an image through a filter, a shadow of it), made once per document and key;
   * `make` gets a fresh XObject label for what it embeds.
   */
  derived<T>(bytes: Uint8Array, key: string, make: (label: string) => T): T {
    let byKey = this.made.get(bytes);
    if (!byKey) {
      byKey = new Map();
      this.made.set(bytes, byKey);
    }
    if (!byKey.has(key)) byKey.set(key, make(`QF${++this.madeCount}`));
    return byKey.get(key) as T;
  }

  /** A background image's bytes: a `data:` URL's, or what the caller's resolver gives for the URL. */
  bytesOf(url: string): Uint8Array | null {
    let bytes = this.urlBytes.get(url);
    if (bytes === undefined) {
      bytes = (url.trim().startsWith('data:') ? fromDataUrl(url) : this.resolve?.(url)) ?? null;
      this.urlBytes.set(url, bytes);
    }
    return bytes;
  }

  /** The embedded image of these bytes, or null when pdfkit cannot read them. */
  fromBytes(bytes: Uint8Array): PdfImage | null {
    let image = this.byBytes.get(bytes);
    if (image === undefined) {
      image = this.open(bytes);
      this.byBytes.set(bytes, image);
    }
    return image;
  }

  /** A background image's URL: a `data:` URL, or what the caller's resolver gives for it. */
  fromUrl(url: string): PdfImage | null {
    let image = this.byUrl.get(url);
    if (image === undefined) {
      const bytes = this.bytesOf(url);
      image = bytes ? this.open(bytes) : null;
      this.byUrl.set(url, image);
    }
    return image;
  }

  /**
   * PNG or JPEG bytes as pdfkit takes them (it reads Buffers and ArrayBuffers, not other Uint8Arrays), once their
   * PNG data inflates cleanly; null for anything else.
   */
  source(bytes: Uint8Array): ArrayBuffer | null {
    const kind = sniffImage(bytes)?.kind;
    if (kind !== 'png' && kind !== 'jpeg') return null;
    try {
      if (kind === 'png') this.platform.checkInflates?.(pngData(bytes));
    } catch {
      return null;
    }
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return (
      whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    ) as ArrayBuffer;
  }

  private open(bytes: Uint8Array): PdfImage | null {
    const source = this.source(bytes);
    if (!source) return null;
    let image: PdfImage | undefined;
    try {
      image = this.doc.openImage(source);
      const opened = image;
      if (!opened.obj) {
        if (this.platform.embedNow) this.platform.embedNow(() => opened.embed(this.doc));
        else opened.embed(this.doc);
      }
      return image;
    } catch {
      // An image object pdfkit began and could not finish would keep the document from ever ending.
      image?.obj?.end();
      return null;
    }
  }
}

export function paintImage(ctx: PaintContext, fragment: ImageFragment, originX: number, originY: number): void {
  const x = originX + fragment.x;
  const y = originY + fragment.y;
  const filter = ctx.cw.filter;
  const image = filter
    ? throughFilter(ctx, fragment.bytes, filter, () => ctx.images.fromBytes(fragment.bytes))
    : ctx.images.fromBytes(fragment.bytes);
  if (!image) {
    ctx.findings.add({
      code: 'image_not_loaded',
      message: `An image (${fragment.format}) could not be read and was left out.`,
    });
    return;
  }
  if (fragment.width > 0 && fragment.height > 0) {
    ctx.cw.alpha(1);
    ctx.cw.flush();
    ctx.doc.image(image, x, y, { width: fragment.width, height: fragment.height });
  }
  if (fragment.link) ctx.links.add(fragment.link, { x, y, width: fragment.width, height: fragment.height });
}

/**
 * An image painted inside a filtered element: its pixels through the filter, or, when they cannot be had here, the
 * image as it is (`plain`), said.
 */
function throughFilter(
  ctx: PaintContext,
  bytes: Uint8Array | null,
  filter: ColorFilter,
  plain: () => PdfImage | null,
): PdfImage | null {
  const filtered = bytes ? ctx.images.throughFilter(bytes, filter) : null;
  if (filtered) return filtered;
  const image = plain();
  if (image)
    reportFilter(
      ctx,
      `an image in the filtered element could not be decoded here (a PNG in the browser preview, or over ${MAX_FILTERED_PIXELS / 1e6} megapixels) and is drawn unfiltered.`,
    );
  return image;
}

// More tiles than this is a pattern too fine to be meant (a 1px image repeated over a page): it is left out.
const MAX_TILES = 4000;

/** What a background image is drawn with: the background longhands of the element that has it. */
export type BackgroundLayer = Pick<
  ComputedStyle,
  'backgroundImage' | 'backgroundRepeat' | 'backgroundPosition' | 'backgroundSize'
>;

/**
 * A background image (CSS Backgrounds 3 §3): sized by background-size in its positioning area `origin`, placed
 * by background-position ((area − image) × percentage), repeated per axis by background-repeat over the painting
 * area `area`, within `clipPath` (the painting area's outline, rounded corners included). Intrinsic size: 1px =
 * 0.75pt.
 */
export function paintBackgroundImage(
  ctx: PaintContext,
  layer: BackgroundLayer,
  clipPath: () => void,
  area: Rect,
  origin: Rect,
): void {
  const layerImage = layer.backgroundImage;
  if (!layerImage) return;
  if (layerImage.gradient) {
    // A gradient is as large as its positioning area (its natural size), which CSS repeats; drawn here once, its
    // end colours extended over the rest of the painting area.
    paintGradient(ctx, layerImage.gradient, clipPath, origin);
    return;
  }
  const { url } = layerImage;
  const filter = ctx.cw.filter;
  const image = filter
    ? throughFilter(ctx, ctx.images.bytesOf(url), filter, () => ctx.images.fromUrl(url))
    : ctx.images.fromUrl(url);
  if (!image) {
    ctx.findings.add({
      code: 'image_not_loaded',
      message: `The background image ${shortUrl(url)} could not be loaded and was left out.`,
    });
    return;
  }
  const tile = tileSize(layer, image.width * 0.75, image.height * 0.75, origin);
  if (!(tile.width > 0 && tile.height > 0)) return;
  const [repeatX, repeatY] = layer.backgroundRepeat;
  const x = placements(
    repeatX,
    tile.width,
    origin.x + resolveLength(layer.backgroundPosition.x, origin.width - tile.width),
    origin.x,
    origin.width,
    area.x,
    area.width,
  );
  const y = placements(
    repeatY,
    tile.height,
    origin.y + resolveLength(layer.backgroundPosition.y, origin.height - tile.height),
    origin.y,
    origin.height,
    area.y,
    area.height,
  );
  if (x.count * y.count > MAX_TILES) {
    ctx.findings.add({
      code: 'image_not_loaded',
      message: `The background image ${shortUrl(url)} is too small to repeat over its box (${x.count * y.count} tiles) and was left out.`,
    });
    return;
  }
  if (x.count * y.count === 0) return;
  const cw = ctx.cw;
  ctx.doc.page.xobjects[image.label] = image.obj as NonNullable<PdfImage['obj']>;
  cw.save();
  clipPath();
  cw.write('W n');
  cw.alpha(1);
  for (let row = 0; row < y.count; row++) {
    for (let column = 0; column < x.count; column++) {
      const left = x.start + column * x.step;
      const top = y.start + row * y.step;
      // The image's unit square, flipped into the y-down user space.
      cw.write(
        `q ${num(tile.width)} 0 0 ${num(-tile.height)} ${num(left)} ${num(top + tile.height)} cm /${image.label} Do Q`,
      );
    }
  }
  cw.restore();
}

/** background-size, then `round`'s rescaling so that a whole number of tiles fills the positioning area. */
function tileSize(
  layer: BackgroundLayer,
  intrinsicWidth: number,
  intrinsicHeight: number,
  area: Rect,
): { width: number; height: number } {
  const size = layer.backgroundSize;
  let width = intrinsicWidth;
  let height = intrinsicHeight;
  if (size === 'cover' || size === 'contain') {
    const scales = [area.width / intrinsicWidth, area.height / intrinsicHeight];
    const scale = size === 'cover' ? Math.max(...scales) : Math.min(...scales);
    width = intrinsicWidth * scale;
    height = intrinsicHeight * scale;
  } else if (size.width !== 'auto' && size.height !== 'auto') {
    width = resolveLength(size.width, area.width);
    height = resolveLength(size.height, area.height);
  } else if (size.width !== 'auto') {
    width = resolveLength(size.width, area.width);
    height = (intrinsicHeight * width) / intrinsicWidth;
  } else if (size.height !== 'auto') {
    height = resolveLength(size.height, area.height);
    width = (intrinsicWidth * height) / intrinsicHeight;
  }
  const [repeatX, repeatY] = layer.backgroundRepeat;
  const autoHeight = typeof size === 'object' && size.height === 'auto';
  const autoWidth = typeof size === 'object' && size.width === 'auto';
  if (repeatX === 'round' && width > 0) {
    const rounded = area.width / Math.max(1, Math.round(area.width / width));
    // Round along one axis only keeps the ratio when the other dimension is auto (§3.9).
    if (repeatY !== 'round' && autoHeight) height *= rounded / width;
    width = rounded;
  }
  if (repeatY === 'round' && height > 0) {
    const rounded = area.height / Math.max(1, Math.round(area.height / height));
    if (repeatX !== 'round' && autoWidth) width *= rounded / height;
    height = rounded;
  }
  return { width, height };
}

/**
 * The tiles along one axis: the first one's offset, the step between them and how many, covering the painting
 * area [paintStart, paintStart + paintSize) from the tile placed at `at`.
 */
function placements(
  repeat: BackgroundRepeat,
  size: number,
  at: number,
  originStart: number,
  originSize: number,
  paintStart: number,
  paintSize: number,
): { start: number; step: number; count: number } {
  // A single tile outside the painting area is not drawn (the canvas's image on the pages it does not reach).
  const single = { start: at, step: size, count: at < paintStart + paintSize && at + size > paintStart ? 1 : 0 };
  if (repeat === 'no-repeat') return single;
  if (repeat === 'space') {
    // As many whole tiles as fit the positioning area, the first and last at its edges; one is placed as no-repeat.
    const fit = Math.floor(originSize / size + 1e-9);
    if (fit < 2) return single;
    const step = size + (originSize - fit * size) / (fit - 1);
    const start = originStart - Math.ceil((originStart - paintStart) / step - 1e-9) * step;
    return { start, step, count: Math.max(0, Math.ceil((paintStart + paintSize - start) / step - 1e-9)) };
  }
  const start = at - Math.ceil((at - paintStart) / size - 1e-9) * size;
  return { start, step: size, count: Math.max(0, Math.ceil((paintStart + paintSize - start) / size - 1e-9)) };
}

/** A PNG's compressed pixel data: its IDAT chunks, joined. */
export function pngData(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(
      bytes[at + 4] as number,
      bytes[at + 5] as number,
      bytes[at + 6] as number,
      bytes[at + 7] as number,
    );
    if (type === 'IDAT') {
      parts.push(bytes.subarray(at + 8, at + 8 + length));
      size += length;
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const data = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  return data;
}

function shortUrl(url: string): string {
  return url.startsWith('data:') ? `(${url.slice(0, 24)}…)` : url.length > 80 ? `${url.slice(0, 77)}…` : url;
}

const ASPECT =
  /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg\b[^>]*?\spreserveAspectRatio\s*=\s*["']([^"']+)["']/i;

/**
 * What an SVG drew at (0, 0) in a box of a size, by markup and size: the same logo or chart in the next document is
 * not parsed and converted again (svg-to-pdfkit was a tenth of a one-page invoice's time). Only drawings that use
 * nothing of the document they were drawn in are kept: no fonts, images, opacity or gradients (their resource
 * names are the document's), and nothing svg-to-pdfkit warned about (the warnings are said per document).
 */
interface SvgDrawing {
  drawn: string;
  /** The opacity states it sets (svg-to-pdfkit sets fill and stroke opacity through pdfkit's ExtGStates): the
   * names they had in the document it was drawn in, and the opacities, to name them in the next document. */
  opacity: Array<{ name: string; key: string }>;
}
const svgDrawings = new Map<string, SvgDrawing>();
const SVG_DRAWINGS_KEPT = 64;
const SVG_KEPT_MAX_MARKUP = 256 * 1024;
// Names a content stream may use without a resource of the page: device colour spaces (opacity is named anew).
const RESOURCE_NAME = /\/(?!Device(?:RGB|Gray|CMYK)\b)[A-Za-z]/;
const OPACITY = /\/(Gs\d+) gs/g;

/**
 * An SVG scaled into its fragment's box (its viewBox fitted per its preserveAspectRatio) with the
 * svg-to-pdfkit that pdfmake ships, drawn at the box's origin and moved there. What it draws is captured first,
 * so a drawing that fails halfway leaves nothing behind but a finding.
 */
export function paintSvg(ctx: PaintContext, fragment: SvgFragment, originX: number, originY: number): void {
  const x = originX + fragment.x;
  const y = originY + fragment.y;
  if (fragment.width > 0 && fragment.height > 0) {
    const { cw } = ctx;
    cw.alpha(1);
    const markup = withBidiMarks(withFallbackFonts(ctx, fragment.markup));
    const aspect = ASPECT.exec(markup)?.[1] ?? 'xMidYMid meet';
    const key = `${fragment.width}x${fragment.height}|${aspect}|${markup}`;
    const kept = svgDrawings.get(key);
    let drawn: string | undefined;
    if (kept) drawn = redrawn(ctx, kept);
    else {
      const fresh = drawSvg(ctx, fragment, markup, aspect);
      drawn = fresh?.drawing.drawn;
      if (fresh?.keep && markup.length <= SVG_KEPT_MAX_MARKUP) {
        svgDrawings.set(key, fresh.drawing);
        if (svgDrawings.size > SVG_DRAWINGS_KEPT) svgDrawings.delete(svgDrawings.keys().next().value as string);
      }
    }
    if (drawn !== undefined) {
      const shown = cw.filter ? svgThroughFilter(ctx, drawn, cw.filter) : drawn;
      cw.write(`q\n1 0 0 1 ${num(x)} ${num(y)} cm\n${shown}\nQ\n`);
    }
  }
  if (fragment.link) ctx.links.add(fragment.link, { x, y, width: fragment.width, height: fragment.height });
}

/**
 * An SVG drawn inside a filtered element: svg-to-pdfkit sets its colours itself, so they go through the filter
 * here, in its operators; a drawing with colours out of their reach is drawn as it is, said.
 */
function svgThroughFilter(ctx: PaintContext, drawn: string, filter: ColorFilter): string {
  const filtered = filteredSvgContent(drawn, filter);
  if (filtered !== undefined) return filtered;
  reportFilter(
    ctx,
    'SVG content in the filtered element (an inline svg, an SVG image) with gradients, images or grouped opacity is drawn with its own colours, unfiltered.',
  );
  return drawn;
}

/** A kept drawing in this document: its opacity states registered here and called by their names here. */
function redrawn(ctx: PaintContext, kept: SvgDrawing): string {
  if (kept.opacity.length === 0) return kept.drawn;
  const { doc, cw } = ctx;
  const names = new Map<string, string>();
  cw.beginCapture();
  for (const { name, key } of kept.opacity) {
    const [fill, stroke] = key.split('_').map((v) => (v === 'null' ? null : Number(v))) as [
      number | null,
      number | null,
    ];
    doc._doOpacity(fill, stroke);
    names.set(name, (doc._opacityRegistry[key] as [unknown, string])[1]);
  }
  cw.endCapture();
  return kept.drawn.replace(OPACITY, (_m, name: string) => `/${names.get(name)} gs`);
}

/** The markup with each SVG text its family cannot draw given a family that can; what none can is reported. */
function withFallbackFonts(ctx: PaintContext, markup: string): string {
  const find = ctx.fonts.coveringFamily;
  if (!find) return markup;
  return withCoveringFonts(markup, find, (text, characters) => {
    const list = characters.map(
      (ch) => `"${ch}" (U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')})`,
    );
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    ctx.findings.add({
      code: 'missing_glyphs',
      message: `No registered font has ${list.join(', ')} along with the rest of the SVG text "${shown}"; they are drawn as empty boxes. Register a font that has them.`,
    });
  });
}

/** The drawing's operators at (0, 0), and whether it may be kept for other documents; undefined when it failed. */
function drawSvg(
  ctx: PaintContext,
  fragment: SvgFragment,
  markup: string,
  aspect: string,
): { drawing: SvgDrawing; keep: boolean } | undefined {
  const { doc, cw } = ctx;
  const depth = doc._ctmStack.length;
  const bidiFonts = new SvgBidiFonts(doc, ctx.fonts);
  let usedDocument = false;
  cw.beginCapture();
  let failure: unknown;
  const draw = () =>
    ctx.platform.svgToPdfkit(doc, markup, 0, 0, {
      width: fragment.width,
      height: fragment.height,
      assumePt: true,
      preserveAspectRatio: aspect,
      warningCallback: (message) => {
        usedDocument = true;
        svgWarning(ctx, message);
      },
      fontCallback: (family, bold, italic) => {
        usedDocument = true;
        return svgFont(ctx, bidiFonts, family, bold, italic);
      },
      imageCallback: (href) => {
        usedDocument = true;
        return svgImage(ctx, href);
      },
    });
  try {
    // The SVG's own images are embedded by pdfkit as it draws them.
    if (ctx.platform.embedNow) ctx.platform.embedNow(draw);
    else draw();
  } catch (error) {
    failure = error;
    while (doc._ctmStack.length > depth) doc.restore();
  } finally {
    bidiFonts.release();
  }
  const drawn = cw.endCapture();
  if (failure !== undefined) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    ctx.findings.add({ code: 'svg_not_rendered', message: `An SVG could not be drawn and was left out: ${reason}` });
    return undefined;
  }
  const opacity: SvgDrawing['opacity'] = [];
  for (const name of new Set([...drawn.matchAll(OPACITY)].map((m) => m[1] as string))) {
    const key = Object.entries(doc._opacityRegistry).find(([, entry]) => entry[1] === name)?.[0];
    if (key === undefined) return { drawing: { drawn, opacity }, keep: false };
    opacity.push({ name, key });
  }
  const keep = !usedDocument && !RESOURCE_NAME.test(drawn.replace(OPACITY, ''));
  return { drawing: { drawn, opacity }, keep };
}

function svgWarning(ctx: PaintContext, message: string): void {
  // Images svgImage refused are reported there, by URL (svg-to-pdfkit would name the empty buffer).
  if (message.includes('[object ArrayBuffer]')) return;
  ctx.findings.add({ code: 'unsupported_svg', message: `SVG: ${message.replace(/^SVGtoPDF: /, '')}` });
}

/**
 * An SVG's `<image>`: only `data:` URLs of PNG or JPEG (svg-to-pdfkit would otherwise hand pdfkit any other
 * string as a file path to read). What cannot be had becomes an empty buffer, which pdfkit refuses.
 */
function svgImage(ctx: PaintContext, href: string): ArrayBuffer {
  const url = href.replace(/\s+/g, '');
  const bytes = url.startsWith('data:') ? fromDataUrl(url) : undefined;
  const source = bytes ? ctx.images.source(bytes) : null;
  if (source) return source;
  ctx.findings.add({
    code: 'image_not_loaded',
    message: `An image in an SVG (${shortUrl(url)}) could not be loaded and was left out.`,
  });
  return new ArrayBuffer(0);
}

/**
 * SVG text: its `font-family` list resolved as HTML text's is (generic and metric-compatible names included: Arial
 * is drawn by Arimo, sans-serif by Noto Sans), else the first of its families the document's fonts have, else a
 * face the document already uses. Text marked as right-to-left or mixed (svg-bidi.ts) gets the face's stand-in that
 * lays it out in visual order.
 */
function svgFont(ctx: PaintContext, bidi: SvgBidiFonts, list: string, bold: boolean, italic: boolean): string {
  const { families, direction } = bidiMarkOf(list);
  const name = svgFontName(ctx, families, bold, italic);
  return direction ? bidi.nameFor(name, direction) : name;
}

function svgFontName(ctx: PaintContext, families: string, bold: boolean, italic: boolean): string {
  const face = bold ? (italic ? 'bolditalics' : 'bold') : italic ? 'italics' : 'normal';
  const resolved = ctx.fonts.familyOf(families);
  const named = resolved === undefined ? undefined : ctx.fonts.nameOf({ family: resolved, face });
  if (named) return named;
  for (const family of families.split(',')) {
    const name = ctx.fonts.nameOf({ family: family.trim().replace(/^['"]|['"]$/g, ''), face });
    if (name) return name;
  }
  return ctx.fonts.anyName() ?? 'Helvetica';
}
