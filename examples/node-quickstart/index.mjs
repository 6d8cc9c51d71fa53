// Quire's Node quick start: a template from a starter, rendered to a PDF on disk with @quire/client.
//   QUIRE_API_KEY=qk_live_… QUIRE_BASE_URL=http://localhost:3000 node index.mjs [starter id, default invoice]
import { writeFile } from 'node:fs/promises';
import { Quire } from '@quire/client';

const apiKey = process.env.QUIRE_API_KEY;
if (!apiKey) {
  console.error('Set QUIRE_API_KEY to a team API key (docs/api.md, "Authenticate", shows how to make one).');
  process.exit(1);
}
const quire = new Quire({ apiKey, baseUrl: process.env.QUIRE_BASE_URL ?? 'http://localhost:3000' });

const starterId = process.argv[2] ?? 'invoice';
const template = await quire.templates.create({ starter_id: starterId });
console.log(`created template ${template.id} ("${template.name}") from the ${starterId} starter`);

// Render it with the starter's sample data; the answer is the PDF itself.
const file = await quire.reports.createFile({ template_id: template.id, data: template.sample_data });
const out = `${starterId}.pdf`;
await writeFile(out, await file.bytes());
const report = await quire.reports.get(file.reportId);
console.log(`wrote ${out}: ${report.pages} pages (report ${report.id})`);
