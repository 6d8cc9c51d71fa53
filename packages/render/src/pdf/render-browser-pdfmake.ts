/**
 * The pdfmake path of `@quire/render/browser` (`engine: 'pdfmake'`), a lazy chunk: pdfmake's browser build is
 * loaded only by a page that asks for it, since Quire's own engine is the default.
 */
import type { TemplateEngine } from '@quire/core';
import pdfMake from 'pdfmake/build/pdfmake';
import { barcodeSvg } from '../barcode';
import { toBase64 } from '../convert/images';
import { toVisualOrder } from '../fonts/bidi';
import { installBrowserTableCache } from '../fonts/browser-table-cache';
import type { FontRegistry } from '../fonts/registry';
import type { PdfMetadata, RenderTemplate } from '../types';
import { type PdfRenderOutput, renderPdf } from './render-pdf';

export interface PdfmakeBrowserInput {
  template: RenderTemplate;
  data: Record<string, unknown>;
  fonts: FontRegistry;
  metadata?: PdfMetadata;
  compress?: boolean;
}

const FACES = ['normal', 'bold', 'italics', 'bolditalics'] as const;
const installed = new WeakSet<FontRegistry>();

/** Hands a registry's fonts to pdfmake's virtual file system, once per registry. */
function install(fonts: FontRegistry): void {
  if (installed.has(fonts)) return;
  const vfs: Record<string, string> = {};
  const definitions: Record<string, Record<string, string>> = {};
  for (const [family, faces] of Object.entries(fonts.pdfmakeFonts())) {
    definitions[family] = {};
    for (const face of FACES) {
      const bytes = (faces as Record<string, Uint8Array>)[face];
      const name = `${family.replace(/\W+/g, '-')}-${face}.ttf`;
      vfs[name] = toBase64(bytes as Uint8Array);
      (definitions[family] as Record<string, string>)[face] = name;
    }
  }
  pdfMake.addVirtualFileSystem(vfs);
  pdfMake.addFonts(definitions as never);
  installed.add(fonts);
}

export async function renderWithPdfmakeInBrowser(
  options: PdfmakeBrowserInput,
  engine: TemplateEngine,
  bodyHtml: string,
  images: Map<string, Uint8Array>,
): Promise<PdfRenderOutput> {
  install(options.fonts);
  // Decoded font tables are kept for the page: each document after the first skips decoding them again.
  await installBrowserTableCache(pdfMake as never, options.fonts.resolveFamily(undefined));
  return renderPdf({
    template: options.template,
    data: options.data,
    bodyHtml,
    engine,
    fonts: options.fonts,
    images,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    barcode: barcodeSvg,
    shape: toVisualOrder,
    write: async (definition) => {
      const buffer = await (
        pdfMake.createPdf(
          (options.compress === false ? { ...(definition as object), compress: false } : definition) as never,
        ) as unknown as { getBuffer(): Promise<Uint8Array> }
      ).getBuffer();
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },
  });
}
