// Run by e2e/packages.ts in a fresh project where @quire/client was installed from the registry with npm.
// The CommonJS build: a template from the invoice starter, a report made as JSON, then its file downloaded.
const { writeFile } = require('node:fs/promises');
const { Quire } = require('@quire/client');

async function main() {
  const entry = require.resolve('@quire/client');
  if (!entry.endsWith('.cjs')) throw new Error(`require() resolved @quire/client to ${entry}, not its CommonJS build`);
  const quire = new Quire({ apiKey: process.env.QUIRE_API_KEY, baseUrl: process.env.QUIRE_BASE_URL });
  const template = await quire.templates.create({ starter_id: 'invoice', name: 'Invoice (CommonJS)' });
  const report = await quire.reports.create({ template_id: template.id, data: template.sample_data });
  if (report.status !== 'succeeded') throw new Error(`report ${report.id} is ${report.status}`);
  const file = await quire.reports.download(report.id);
  const bytes = await file.bytes();
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new Error('the file is not a PDF');
  await writeFile('cjs.pdf', bytes);
  console.log(JSON.stringify({ template_id: template.id, report_id: report.id, pages: report.pages }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
