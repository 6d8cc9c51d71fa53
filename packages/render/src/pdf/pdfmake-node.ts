// Must load before pdfmake (and so pdfkit): see parse-cache.ts.
import '../fonts/parse-cache';
import pdfmake from 'pdfmake';

type Faces = Record<string, Uint8Array>;

let installedFonts: unknown;
let policiesSet = false;
let installs = 0;

/**
 * pdfmake reads fonts by name from its virtual file system. The registry's bytes go there as Buffers that share
 * their memory, and they are the same objects on every document, which lets the font parse cache recognise them.
 */
function install(fonts: Record<string, Faces>): Record<string, Record<string, string>> {
  const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }).virtualfs;
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
