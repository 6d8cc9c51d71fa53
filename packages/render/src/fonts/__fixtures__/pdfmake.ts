import { createRequire } from 'node:module';
import '../parse-cache';
import pdfmake from 'pdfmake';
import { toVisualOrder } from '../bidi';
import type { FontRegistry } from '../registry';

interface VirtualFs {
  writeFileSync(name: string, content: Uint8Array): void;
}

const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
let installs = 0;

/** Puts a registry's fonts into pdfmake's virtual file system (pdfmake 0.3 cannot take bytes in setFonts). */
export function useFonts(registry: FontRegistry): void {
  const prefix = `fonts-test-${++installs}`;
  const descriptors: Record<string, Record<string, string>> = {};
  for (const [family, faces] of Object.entries(registry.pdfmakeFonts())) {
    const named: Record<string, string> = {};
    for (const [face, bytes] of Object.entries(faces)) {
      named[face] = `${prefix}/${family}-${face}.ttf`;
      vfs.writeFileSync(named[face], bytes);
    }
    descriptors[family] = named;
  }
  pdfmake.setFonts(descriptors as never);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
}

/** Renders a pdfmake document definition to PDF bytes. */
export async function renderPdf(definition: Record<string, unknown>): Promise<Uint8Array> {
  const doc = pdfmake.createPdf({ info: { creationDate: new Date(0) }, ...definition } as never);
  const buffer = await (doc as unknown as { getBuffer(): Promise<Buffer> }).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * One line of text as the converter hands it to pdfmake: bidi order, split into font runs, and each run split at
 * whitespace (fontkit reverses a right-to-left piece with its trailing space).
 */
export function pdfmakeLine(registry: FontRegistry, text: string, family: string, direction?: 'ltr' | 'rtl') {
  const ordered = toVisualOrder(text, direction);
  return registry.splitByCoverage(ordered, family).flatMap((run) =>
    run.text
      .split(/(\s+)/)
      .filter(Boolean)
      .map((piece) => ({ text: piece, font: run.font })),
  );
}

/** The fontkit module instance pdfkit uses (to count parses independently of the cache's own counters). */
export function pdfkitFontkit(): { create(bytes: Uint8Array): unknown } {
  const require = createRequire(import.meta.url);
  return createRequire(createRequire(require.resolve('pdfmake')).resolve('pdfkit'))('fontkit');
}
