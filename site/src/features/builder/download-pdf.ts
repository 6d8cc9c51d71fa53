import type { BuilderApi } from '@quire/react';

/** A file name from the template's name: "Monthly sales report" → monthly-sales-report.pdf. */
export function pdfFileName(templateName: string): string {
  const slug = templateName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'report'}.pdf`;
}

/**
 * Renders the draft to PDF in the browser (the builder's own engine, the one the preview draws with) and hands the
 * file to the browser as a download: a visitor's first report, with no account and no server round trip.
 */
export async function downloadPdf(api: BuilderApi): Promise<string> {
  const output = await api.render('pdf');
  if (output.format !== 'pdf') throw new Error('The builder answered HTML for a PDF render');
  const name = pdfFileName(api.getDraft().name);
  const url = URL.createObjectURL(new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
