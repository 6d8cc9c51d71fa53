import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a person (or a scanner) gets from a PDF, read with poppler and zbar: the text as laid out, each page's
 * size in millimetres, and the codes that decode from page images.
 */
export interface Inspected {
  /** `pdftotext -layout`: table headers stay on one line. */
  text: string;
  /** `pdftotext` in reading order: a heading that wraps stays one phrase. */
  reading: string;
  pages: number;
  /** Each page's width and height in millimetres. */
  sizes: [number, number][];
  /** Decoded codes: `{ type: 'QR-Code' | 'CODE-128' | ..., value }`. */
  codes: { type: string; value: string }[];
}

const PT_TO_MM = 25.4 / 72;

export function inspectPdf(bytes: Uint8Array, options: { codes?: boolean; png?: string } = {}): Inspected {
  const dir = mkdtempSync(join(tmpdir(), 'quire-suite-'));
  try {
    const pdf = join(dir, 'doc.pdf');
    writeFileSync(pdf, bytes);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    const reading = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', pdf], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map(
      (m) => [Number(m[1]) * PT_TO_MM, Number(m[2]) * PT_TO_MM] as [number, number],
    );
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    const codes: Inspected['codes'] = [];
    if (options.codes) {
      execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '2', pdf, join(dir, 'page')]);
      for (const file of readdirSync(dir).filter((f) => f.startsWith('page') && f.endsWith('.png'))) {
        let out = '';
        try {
          out = execFileSync('zbarimg', ['-q', join(dir, file)], { encoding: 'utf8' });
        } catch {
          // zbarimg exits 4 when it finds no code.
        }
        for (const line of out.split('\n').filter(Boolean)) {
          const at = line.indexOf(':');
          codes.push({ type: line.slice(0, at), value: line.slice(at + 1) });
        }
      }
    }
    if (options.png)
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, options.png]);
    return { text, reading, pages, sizes, codes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text with runs of space folded, lower case: what labels are compared in. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ').toLowerCase();
}
