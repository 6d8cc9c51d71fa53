import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

const run = promisify(execFile);

/** Runs a poppler tool on PDF bytes (written to a temporary file) and returns its stdout. */
async function poppler(tool: string, bytes: Uint8Array, args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order (pdftotext -layout keeps table rows on one line). */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const text = await poppler('pdftotext', bytes, ['-layout', '-enc', 'UTF-8']);
  const pages = text.split('\f');
  if (pages.length > 1 && pages[pages.length - 1]?.trim() === '') pages.pop();
  return pages;
}

/** The text of every page in the order the content streams draw it (pdftotext -raw): vertical columns in order. */
export async function rawPageTexts(bytes: Uint8Array): Promise<string[]> {
  const text = await poppler('pdftotext', bytes, ['-raw', '-enc', 'UTF-8']);
  const pages = text.split('\f');
  if (pages.length > 1 && pages[pages.length - 1]?.trim() === '') pages.pop();
  return pages;
}

/** A word of the first page's text layer and its box, in points from the page's top left (pdftotext -bbox). */
export interface WordBox {
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of the first page with its box. */
export async function wordBoxes(bytes: Uint8Array): Promise<WordBox[]> {
  const html = await poppler('pdftotext', bytes, ['-bbox', '-f', '1', '-l', '1', '-enc', 'UTF-8']);
  const words: WordBox[] = [];
  const pattern = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g;
  for (const [, xMin, yMin, xMax, yMax, word] of html.matchAll(pattern))
    words.push({
      word: word as string,
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    });
  return words;
}

export interface PdfInfo {
  pages: number;
  widthPt: number;
  heightPt: number;
  title?: string;
  author?: string;
  subject?: string;
  creator?: string;
}

export async function pdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  const out = await poppler('pdfinfo', bytes, []);
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(out)?.[1]?.trim();
  const size = /Page size:\s*([\d.]+) x ([\d.]+) pts/.exec(out);
  return {
    pages: Number(field('Pages')),
    widthPt: Number(size?.[1]),
    heightPt: Number(size?.[2]),
    ...(field('Title') ? { title: field('Title') } : {}),
    ...(field('Author') ? { author: field('Author') } : {}),
    ...(field('Subject') ? { subject: field('Subject') } : {}),
    ...(field('Creator') ? { creator: field('Creator') } : {}),
  };
}

/** The base names of the fonts a PDF embeds (pdffonts, the subset prefix dropped): `Arimo-Bold`. */
export async function pdfFonts(bytes: Uint8Array): Promise<string[]> {
  const out = await poppler('pdffonts', bytes, []);
  return out
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter(Boolean);
}

/** Every content stream of the PDF, inflated, joined (images left out). */
export function contentStreams(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes);
  const out: string[] = [];
  for (let at = pdf.indexOf('stream\n'); at >= 0; ) {
    const start = at + 7;
    const end = pdf.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const text = inflateSync(pdf.subarray(start, end)).toString('latin1');
      // Content streams are text; image and font streams are not.
      if (!/[^\t\n\r -~]/.test(text)) out.push(text);
    } catch {
      // Not deflated.
    }
    at = pdf.indexOf('stream\n', end + 9);
  }
  return out.join('\n');
}
