/**
 * What keeps the benches' figures honest about which engine and which fonts they measured. Shared by
 * `render.bench.ts` and the service's HTTP bench.
 */
import type { EngineName, RenderOptions, RenderResult } from '../src/types';

/** The engine every other is compared with. */
export const BASELINE_ENGINE = 'pdfmake';

/** An engine the renderer does not have: no figures may be reported for it. */
export class EngineNotAvailableError extends Error {
  constructor(engine: string, how: string) {
    super(
      `The engine '${engine}' is not available in this build of @quire/render: ${how}. ` +
        `No figures are reported for '${engine}'; run with --engine ${BASELINE_ENGINE} to exercise the same units.`,
    );
    this.name = 'EngineNotAvailableError';
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/**
 * Fails unless `engine` is an engine of its own. renderReport refuses a name it does not know today, but an older
 * build rendered it with pdfmake, and a unit must never time pdfmake under another name. pdfmake's output is the same bytes for the same input and creation date, so an engine whose PDF is
 * byte for byte pdfmake's is pdfmake. `render` is the path the unit measures (in process, or through a pool).
 */
export async function assertOwnEngine(
  engine: string,
  render: (options: RenderOptions) => Promise<RenderResult>,
  probe: RenderOptions,
): Promise<void> {
  if (engine === BASELINE_ENGINE) return;
  const fixed: RenderOptions = { ...probe, metadata: { ...probe.metadata, creationDate: new Date(0) } };
  const baseline = await render({ ...fixed, engine: BASELINE_ENGINE });
  const again = await render({ ...fixed, engine: BASELINE_ENGINE });
  if (!sameBytes(baseline.bytes, again.bytes)) {
    throw new Error(
      `Cannot tell whether '${engine}' is an engine of its own: two ${BASELINE_ENGINE} renders of the same input differ.`,
    );
  }
  const candidate = await render({ ...fixed, engine: engine as EngineName });
  if (sameBytes(candidate.bytes, baseline.bytes)) {
    throw new EngineNotAvailableError(
      engine,
      `renderReport({ engine: '${engine}' }) returned byte for byte what ${BASELINE_ENGINE} returns (the renderer falls back to ${BASELINE_ENGINE} for a name it does not know)`,
    );
  }
}

export interface PdfFont {
  /** The font's PostScript name without the subset tag: `NotoSans-Regular`. */
  name: string;
  /** Whether the font program is in the file (FontFile, FontFile2 or FontFile3). */
  embedded: boolean;
}

/** The fonts a PDF describes, read from its font descriptors (plain dictionaries in pdfkit's and Skia's output). */
export function pdfFonts(bytes: Uint8Array): PdfFont[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const fonts = new Map<string, PdfFont>();
  for (const match of text.matchAll(/<<[^<>]*\/Type\s*\/FontDescriptor[^<>]*>>/g)) {
    const name = /\/FontName\s*\/([^\s/<>[\]()]+)/.exec(match[0])?.[1];
    if (!name) continue;
    const plain = name.replace(/^[A-Z]{6}\+/, '');
    const embedded = /\/FontFile[23]?\s/.test(match[0]) || fonts.get(plain)?.embedded === true;
    fonts.set(plain, { name: plain, embedded });
  }
  return [...fonts.values()];
}

/** Fails unless the document embeds a Noto font: W1 is defined as drawn in the bundled, embedded Noto Sans. */
export function assertEmbeddedNoto(workload: string, result: RenderResult): void {
  const fonts = pdfFonts(result.bytes);
  if (!fonts.some((f) => f.embedded && f.name.startsWith('Noto'))) {
    const found = fonts.map((f) => `${f.name}${f.embedded ? '' : ' (not embedded)'}`).join(', ') || 'none';
    throw new Error(`${workload} must be drawn in the bundled Noto fonts, embedded; the PDF's fonts: ${found}`);
  }
}
