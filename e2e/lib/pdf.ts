import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { check } from './runner';

const exec = promisify(execFile);

/**
 * The invoice starter rendered with its own sample data is two pages long (the payment details fill the second),
 * on the service and with the local `quire` command alike.
 */
export const INVOICE_PAGES = 2;

/** Checks that `file` is a PDF (`%PDF-`) that poppler's pdfinfo reads as `pages` pages long. */
export async function expectPdf(file: string, pages: number): Promise<string> {
  const bytes = await readFile(file);
  check(bytes.subarray(0, 5).toString('latin1') === '%PDF-', `${file} does not start with %PDF-`);
  const { stdout } = await exec('pdfinfo', [file]);
  const found = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  check(found === pages, `${file} has ${found} pages, expected ${pages}`);
  return `${file}: PDF, ${found} pages, ${bytes.length} bytes`;
}
