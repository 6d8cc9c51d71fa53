import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of each page of a PDF, read back by poppler's pdftotext (as @quire/render's own tests read theirs). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-mcp-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 16 * 1024 * 1024 });
    const pages = stdout.split('\f');
    if (pages.length > 1 && pages[pages.length - 1]?.trim() === '') pages.pop();
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
