// Run by e2e/packages.ts in a fresh project where @quire/client was installed from the registry with npm.
// The ES module build: a template from the invoice starter, rendered to a PDF in one request
// (createFile: Accept: application/pdf).
import { writeFile } from 'node:fs/promises';
import { NotFoundError, Quire } from '@quire/client';

const entry = import.meta.resolve('@quire/client');
if (!entry.endsWith('/dist/index.js')) {
  throw new Error(`import resolved @quire/client to ${entry}, not its ES module build`);
}

const quire = new Quire(); // QUIRE_API_KEY, QUIRE_BASE_URL

const template = await quire.templates.create({ starter_id: 'invoice' });
const file = await quire.reports.createFile({ template_id: template.id, data: template.sample_data });
const bytes = await file.bytes();
if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new Error('the file is not a PDF');
await writeFile('esm.pdf', bytes);
const report = await quire.reports.get(file.reportId);

try {
  await quire.templates.get('tpl_doesNotExist');
  throw new Error('a missing template did not throw');
} catch (error) {
  if (!NotFoundError.isInstance(error) || error.code !== 'template_not_found') throw error;
}

console.log(
  JSON.stringify({
    template_id: template.id,
    report_id: report.id,
    pages: report.pages,
    content_type: file.contentType,
  }),
);
