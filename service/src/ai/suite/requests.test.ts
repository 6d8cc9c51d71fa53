import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderAnswer } from '../offline/__fixtures__/render';
import { chartColumns } from '../offline/charts';
import { offlineAnswer, writeAnswer } from '../offline/index';
import { getPath } from '../offline/sample';
import { readSpec } from '../offline/spec';
import { flat, inspectPdf } from './inspect';
import { REQUESTS } from './requests';

/**
 * The acceptance suite: every request goes through the offline writer, its answer is parsed and rendered to a real
 * PDF (checked by `check`: no errors, no warnings), and the PDF is read back as a person would: the labels and the
 * header cells of each table in the text (pdftotext), the page size (pdfinfo), and every code decoded (zbarimg on
 * a pdftoppm image) to the value asked for.
 */
const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/suite/', import.meta.url));

describe('acceptance suite: the offline writer', () => {
  it('has at least 60 requests', () => {
    expect(REQUESTS.length).toBeGreaterThanOrEqual(60);
  });

  for (const request of REQUESTS) {
    it(`${request.kind}: ${request.prompt}`, async () => {
      const answer = offlineAnswer({ kind: 'generate', prompt: request.prompt, templateKind: 'document' });
      const rendered = await renderAnswer(writeAnswer(answer));
      const spec = readSpec(rendered.html, rendered.css)?.spec;
      expect(spec?.kind ?? spec?.docType).toBe(request.kind);
      if (request.png) mkdirSync(ARTIFACTS, { recursive: true });
      const pdf = inspectPdf(rendered.bytes, {
        codes: Boolean(request.marks?.qr || request.marks?.barcode),
        ...(request.png ? { png: `${ARTIFACTS}${request.png}` } : {}),
      });
      const text = flat(pdf.text);
      const reading = flat(pdf.reading);
      const missing = request.labels.filter((label) => !text.includes(flat(label)) && !reading.includes(flat(label)));
      expect(missing, `labels missing from the page:\n${pdf.text}`).toEqual([]);
      for (const header of request.tables ?? []) {
        // The header cells in order on one line of the laid-out text.
        const lines = pdf.text.split('\n').map(flat);
        const row = lines.find((line) => {
          let at = 0;
          for (const cell of header) {
            const i = line.indexOf(flat(cell), at);
            if (i < 0) return false;
            at = i + cell.length;
          }
          return true;
        });
        expect(row, `no table header ${header.join(' | ')} in:\n${pdf.text}`).toBeTruthy();
      }
      if (request.pageMm) {
        const [w, h] = pdf.sizes[0] ?? [0, 0];
        expect(Math.abs(w - request.pageMm[0]), `page width ${w}`).toBeLessThan(1);
        expect(Math.abs(h - request.pageMm[1]), `page height ${h}`).toBeLessThan(1);
      }
      if (request.pages) expect(pdf.pages).toBe(request.pages);
      for (const kind of ['qr', 'barcode'] as const) {
        const value = request.marks?.[kind];
        if (value === undefined) continue;
        const type = kind === 'qr' ? 'QR-Code' : 'CODE-128';
        expect(pdf.codes, `codes decoded`).toContainEqual({ type, value });
      }
      // A signature is a line to sign on; a logo an image the data fills (both in the template, drawn on the page).
      if (request.marks?.signature) expect(rendered.html).toContain('q-sign-line');
      if (request.marks?.logo) expect(rendered.html).toMatch(/<img class="q-logo" src="\{\{ [\w.]+logo_url \}\}"/);
      if (request.marks?.chart) {
        expect(rendered.html).toMatch(new RegExp(`\\| ${request.marks.chart}_chart: "`));
        // The chart names its bars or slices: the first row's name is on the page twice, in the chart and the table.
        const table = spec?.table;
        const columns = table ? chartColumns(table, undefined) : undefined;
        const rows = table ? (getPath(rendered.sample, table.path) as Record<string, unknown>[]) : [];
        const first = columns ? String(rows[0]?.[columns.label.path] ?? '') : '';
        expect(first).not.toBe('');
        expect(text.split(flat(first)).length - 1, `"${first}" in the chart and the table`).toBeGreaterThanOrEqual(2);
      }
      if (request.reply) expect(answer.reply).toMatch(request.reply);
    });
  }
});
