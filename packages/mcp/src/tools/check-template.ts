import { z } from 'zod';
import { data, finding, templateId, toFinding, version } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const checkTemplate = defineTool({
  name: 'check_template',
  title: 'Check a template',
  description: [
    'Renders a template with data (default: its sample data) without making a report, and lists what is wrong or',
    'risky: Liquid errors, variables the data lacks, data the template never uses, CSS Quire does not support,',
    'content overflowing the page.',
    'Use it after create_template or refine_template, and before generate_report with new data, to catch problems',
    'before the user sees them. ok is true when nothing serious was found.',
    'Example: check_template { "template_id": "tpl_…", "data": { "number": "INV-7" } } → { ok: false, findings:',
    '[{ severity: "error", code: "missing_variable", path: "customer.name", … }] }.',
    'Related: preview_template (see it), refine_template (fix it in words), get_template.',
  ].join(' '),
  input: { template_id: templateId, data, version },
  output: {
    template_id: z.string(),
    version: z.number().describe('The version checked.'),
    ok: z.boolean().describe('True when no finding is an error.'),
    pages: z.number().nullable().describe('Pages the PDF would have.'),
    findings: z.array(finding),
  },
  annotations: READ_ONLY,
  permissions: ['templates:read'],
  async run(args, { client, signal }) {
    const check = await client.templates.check(
      args.template_id,
      { ...(args.data ? { data: args.data } : {}), ...(args.version ? { version: args.version } : {}) },
      { signal },
    );
    return {
      structured: {
        template_id: check.template_id,
        version: check.version,
        ok: check.ok,
        pages: check.pages,
        findings: check.findings.map(toFinding),
      },
    };
  },
});
