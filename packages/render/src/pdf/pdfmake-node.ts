// Installs the process-wide font parse cache in front of the fontkit that pdfkit uses (see parse-cache.ts).
import '../fonts/parse-cache';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

type Faces = Record<string, Uint8Array>;

interface VirtualFs {
  existsSync(name: string): boolean;
  readFileSync(name: string): Buffer;
  writeFileSync(name: string, content: Buffer): void;
}
const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;

/**
 * Text inside SVG (a seal's lettering, a chart's labels) asks pdfkit for a font by the name pdfmake gave it,
 * and pdfkit would look for that name on disk. Fonts living in pdfmake's virtual file system are handed over
 * from there, under their name, so that pdfkit embeds each once per document.
 */
function serveSvgFontsFromVirtualFs(): void {
  const require = createRequire(import.meta.url);
  const pdfkit = createRequire(require.resolve('pdfmake'))('pdfkit') as { prototype: Record<string, unknown> };
  const font = pdfkit.prototype.font as (this: unknown, src: unknown, family?: unknown, size?: unknown) => unknown;
  if ((font as { quire?: boolean }).quire) return;
  const patched = function (
    this: { _registeredFonts?: Record<string, unknown>; registerFont(name: string, src: Buffer): void },
    src: unknown,
    family?: unknown,
    size?: unknown,
  ) {
    if (typeof src === 'string' && src.startsWith('quire-') && !this._registeredFonts?.[src] && vfs.existsSync(src)) {
      this.registerFont(src, vfs.readFileSync(src));
    }
    return font.call(this, src, family, size);
  };
  (patched as { quire?: boolean }).quire = true;
  pdfkit.prototype.font = patched;
}

let installedFonts: unknown;
let policiesSet = false;
let installs = 0;

/**
 * pdfmake reads fonts by name from its virtual file system. The registry's bytes go there as Buffers that share
 * their memory, and they are the same objects on every document, which lets the font parse cache recognise them.
 */
function install(fonts: Record<string, Faces>): Record<string, Record<string, string>> {
  const prefix = `quire-${++installs}`;
  const descriptors: Record<string, Record<string, string>> = {};
  for (const [family, faces] of Object.entries(fonts)) {
    descriptors[family] = {};
    for (const [face, bytes] of Object.entries(faces)) {
      const name = `${prefix}/${family.replace(/\W+/g, '-')}-${face}.ttf`;
      vfs.writeFileSync(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      (descriptors[family] as Record<string, string>)[face] = name;
    }
  }
  return descriptors;
}

/**
 * Writes a pdfmake document to bytes in Node. pdfmake is a process-wide singleton: fonts are (re)installed only
 * when another font set is asked for, and documents may never read URLs or files on their own.
 */
export async function writePdf(definition: Record<string, unknown>, fonts: Record<string, Faces>): Promise<Uint8Array> {
  if (!policiesSet) {
    serveSvgFontsFromVirtualFs();
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    policiesSet = true;
  }
  if (installedFonts !== fonts) {
    pdfmake.setFonts(install(fonts) as never);
    installedFonts = fonts;
  }
  const buffer: Buffer = await (
    pdfmake.createPdf(definition as never) as unknown as { getBuffer(): Promise<Buffer> }
  ).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
