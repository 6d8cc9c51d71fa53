import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { create, type Font } from 'fontkit';
import { PNG } from 'pngjs';
import { loadBundledFonts } from '../../../fonts/bundled';
import { Findings } from '../../findings';
import type {
  BoxFragment,
  FontFaceRef,
  Fragment,
  PageFragments,
  ShapedGlyph,
  TextFragment,
} from '../../layout/fragment';
import { type ComputedStyle, initialStyle } from '../../style/computed-style';
import { type PaintResult, paintPdf } from '../index';

const run = promisify(execFile);

export const fonts = {
  bytes(font: FontFaceRef): Uint8Array {
    const faces = loadBundledFonts()[font.family];
    const bytes = faces?.[font.face] ?? faces?.normal;
    if (!bytes) throw new Error(`no font ${font.family}`);
    return bytes;
  },
};

const parsed = new Map<Uint8Array, Font>();
function fontkitFont(ref: FontFaceRef): Font {
  const bytes = fonts.bytes(ref);
  let font = parsed.get(bytes);
  if (!font) {
    font = create(bytes) as Font;
    parsed.set(bytes, font);
  }
  return font;
}

interface Position {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** A run shaped with fontkit directly, as the text stage will hand it over (points, glyphs in visual order). */
export function shape(
  text: string,
  options: {
    x?: number;
    y?: number;
    size?: number;
    family?: string;
    face?: FontFaceRef['face'];
    direction?: 'ltr' | 'rtl';
    letterSpacing?: number;
  } = {},
): TextFragment {
  const ref: FontFaceRef = { family: options.family ?? 'Noto Sans', face: options.face ?? 'normal' };
  const size = options.size ?? 12;
  const font = fontkitFont(ref);
  const shaped = font.layout(text, undefined, undefined, undefined, options.direction) as unknown as {
    glyphs: Array<{ id: number; codePoints: number[] }>;
    positions: Position[];
  };
  const scale = size / font.unitsPerEm;
  const glyphs: ShapedGlyph[] = shaped.glyphs.map((glyph, i) => {
    const p = shaped.positions[i] as Position;
    return {
      id: glyph.id,
      advance: p.xAdvance * scale + (options.letterSpacing ?? 0),
      dx: p.xOffset * scale,
      dy: -p.yOffset * scale,
      codePoints: glyph.codePoints,
    };
  });
  const width = glyphs.reduce((sum, g) => sum + g.advance, 0);
  return {
    kind: 'text',
    x: options.x ?? 0,
    y: options.y ?? size,
    width,
    font: ref,
    fontSize: size,
    glyphs,
    text,
    color: { r: 0, g: 0, b: 0, a: 1 },
  };
}

export function box(props: Partial<Omit<BoxFragment, 'style'>> & { style?: Partial<ComputedStyle> } = {}): BoxFragment {
  const { style, ...rest } = props;
  return {
    kind: 'box',
    x: 0,
    y: 0,
    width: 100,
    height: 50,
    role: 'block',
    children: [],
    ...rest,
    style: { ...initialStyle(), display: 'block', ...style },
  };
}

export function page(
  pieces: Array<Fragment | PageFragments['pieces'][number]>,
  number = 1,
  size: [number, number] = [200, 200],
): PageFragments {
  return {
    number,
    width: size[0],
    height: size[1],
    pieces: pieces.map((p) => ('fragment' in p ? p : { fragment: p, x: 0, y: 0 })),
  };
}

export async function paint(
  pages: PageFragments[],
  extra: { compress?: boolean; creationDate?: Date; title?: string } = {},
): Promise<PaintResult & { findings: Findings }> {
  const findings = new Findings();
  const result = await paintPdf(pages, {
    fonts,
    findings,
    compress: extra.compress ?? true,
    metadata: {
      creationDate: extra.creationDate ?? new Date('2026-01-02T03:04:05Z'),
      ...(extra.title ? { title: extra.title } : {}),
    },
  });
  return { ...result, findings };
}

async function withFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-paint-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function pdftotext(bytes: Uint8Array, args: string[] = []): Promise<string> {
  return withFile(bytes, async (file) => (await run('pdftotext', ['-enc', 'UTF-8', ...args, file, '-'])).stdout);
}

export interface Raster {
  width: number;
  height: number;
  /** [r, g, b] at a pixel. */
  at(x: number, y: number): [number, number, number];
}

/** Page 1 rendered by poppler at `dpi` (72: one pixel per point). */
export function rasterize(bytes: Uint8Array, dpi = 72): Promise<Raster> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file], {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
    });
    const png = PNG.sync.read(stdout);
    return {
      width: png.width,
      height: png.height,
      at(x, y) {
        const i = (Math.round(y) * png.width + Math.round(x)) * 4;
        return [png.data[i] as number, png.data[i + 1] as number, png.data[i + 2] as number];
      },
    };
  });
}

export const RED = { r: 255, g: 0, b: 0, a: 1 };
export const BLUE = { r: 0, g: 0, b: 255, a: 1 };
export const BLACK = { r: 0, g: 0, b: 0, a: 1 };

export function pdfinfo(bytes: Uint8Array, args: string[] = []): Promise<string> {
  return withFile(bytes, async (file) => (await run('pdfinfo', ['-enc', 'UTF-8', ...args, file])).stdout);
}
