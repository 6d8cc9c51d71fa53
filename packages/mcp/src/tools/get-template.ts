import { z } from 'zod';
import { templateId, templateShape, toTemplate, version } from './schemas';
import { defineTool, READ_ONLY } from './tool';

export const getTemplate = defineTool({
  name: 'get_template',
  title: 'Get a template',
  description: [
    'Answers one template whole: its HTML + Liquid body, CSS, header and footer, page setup, sample data, and the',
    'JSON Schema of the data it expects.',
    'Use it before generate_report to learn the data to send (shape it like sample_data; data_schema says which',
    'fields are required), or before changing a template to see its current HTML.',
    'Example: get_template { "template_id": "tpl_H3kq9ZxT2mVb7NcW" } → { name: "Invoice", html: "<h1>Invoice',
    '{{ number }}</h1>…", sample_data: { number: "INV-1", … }, data_schema: { … } }.',
    'Related: list_templates (ids), check_template, preview_template, refine_template.',
  ].join(' '),
  input: { template_id: templateId, version },
  output: {
    ...templateShape,
    version: z.number().describe('The version these sources are.'),
    data_schema: z
      .record(z.string(), z.unknown())
      .describe('JSON Schema of the data: the edited one, else the one inferred from the variables.'),
  },
  annotations: READ_ONLY,
  permissions: ['templates:read'],
  async run(args, { client, signal }) {
    const [template, schema, pinned] = await Promise.all([
      client.templates.get(args.template_id, { signal }),
      client.templates.getSchema(args.template_id, args.version ? { version: args.version } : {}, { signal }),
      args.version ? client.templates.versions.get(args.template_id, args.version, { signal }) : undefined,
    ]);
    // A pinned version's sources replace the latest ones; the template's ids and versions stay.
    const sources = pinned ? { ...template, ...pinned.content } : template;
    return {
      structured: {
        ...toTemplate(sources),
        version: pinned?.version ?? template.latest_version,
        data_schema: schema.schema,
      },
    };
  },
});
