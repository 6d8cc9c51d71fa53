import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (pdftotext, pdfinfo) on PDF bytes and returns its stdout; it fails on a broken PDF. */
async function poppler(tool: 'pdftotext' | 'pdfinfo', bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-report-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, bytes);
    const args = tool === 'pdftotext' ? ['-layout', '-enc', 'UTF-8', file, '-'] : [file];
    const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const pdfText = (bytes: Uint8Array) => poppler('pdftotext', bytes);

export async function pdfPages(bytes: Uint8Array): Promise<number> {
  const info = await poppler('pdfinfo', bytes);
  const pages = /^Pages:\s+(\d+)/m.exec(info)?.[1];
  if (!pages) throw new Error(`pdfinfo gave no page count:\n${info}`);
  return Number(pages);
}
