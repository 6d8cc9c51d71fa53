import { z } from 'zod';
import { embeddedFile, fileLinkOf, MAX_EMBED_BYTES } from './files';
import { fileLinkShape, finding, format, reportShape, templateId, toFinding, toReport, version } from './schemas';
import { defineTool } from './tool';

export const generateReport = defineTool({
  name: 'generate_report',
  title: 'Generate a report',
  description: [
    'Renders a template with data into a report (PDF by default; HTML or email too) and keeps it: answers the',
    'report id, its status and pages, file_url (a link to the file that opens without a key for 15 minutes: the',
    "one to give the user), the render's warnings, the variables the data lacked, and, for files up to 1 MB, the",
    "file itself as an embedded resource. It counts against the team's monthly reports.",
    "Use it when the user wants the finished document. Shape data like the template's sample_data (get_template",
    "shows it), or name a data source; leave both out to render the template's sample data. Try preview_template",
    'first when unsure: it shows the same file without counting.',
    'Example: generate_report { "template_id": "tpl_…", "data": { "number": "INV-1042", "customer": { "name":',
    '"Ada" }, "items": [{ "name": "Design", "price": 1200 }] } } → { report_id: "rep_…", status: "succeeded",',
    'pages: 1, file_url: "https://…/v1/reports/rep_…/file?expires=…&signature=…", missing_variables: [] } and',
    'the PDF.',
    'Related: get_template (the data it expects), check_template, list_reports, get_report.',
  ].join(' '),
  input: {
    template_id: templateId,
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "The JSON data, shaped like the template's sample_data. Leave it out to use a data source or the sample.",
      ),
    data_source_id: z
      .string()
      .optional()
      .describe('Instead of data: read the data from this data source of the team (list_data_sources).'),
    data_source_params: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Values of the data source's {{ placeholders }}, with data_source_id."),
    version,
    format,
    filename: z.string().max(200).optional().describe("The file's name without extension; default the template's."),
  },
  output: {
    report_id: z.string().describe('The report id (rep_…): get_report reads it again.'),
    status: reportShape.status,
    format: reportShape.format,
    pages: reportShape.pages,
    bytes: reportShape.bytes,
    filename: reportShape.filename,
    content_type: reportShape.content_type,
    download_url: reportShape.download_url,
    ...fileLinkShape,
    file_expires_at: reportShape.file_expires_at,
    embedded: z.boolean().describe(`Whether the file is attached (files up to ${MAX_EMBED_BYTES / 1024 / 1024} MB).`),
    warnings: z
      .array(finding)
      .describe('What the render warned about (content wider than the page, an image that did not load…).'),
    missing_variables: z
      .array(z.string())
      .nullable()
      .describe(
        'Data paths the template prints that the data lacks (printed empty), as check_template finds them; null ' +
          'when the data came from a data source, which this tool does not see.',
      ),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  permissions: ['reports:create', 'templates:read'],
  async run(args, { client, signal, progress }) {
    let source:
      | { data: Record<string, unknown>; data_source?: never }
      | { data_source: { id: string; params?: Record<string, unknown> }; data?: never };
    if (args.data_source_id) {
      source = {
        data_source: {
          id: args.data_source_id,
          ...(args.data_source_params ? { params: args.data_source_params } : {}),
        },
      };
    } else {
      source = { data: args.data ?? (await client.templates.get(args.template_id, { signal })).sample_data };
    }
    await progress(1, 'rendering');
    const made = await client.reports.create(
      {
        template_id: args.template_id,
        ...source,
        ...(args.version ? { version: args.version } : {}),
        ...(args.format ? { format: args.format } : {}),
        ...(args.filename ? { filename: args.filename } : {}),
      },
      { signal },
    );
    const report = toReport(made);
    await progress(2, `${made.status}: reading the file${source.data === undefined ? '' : ' and checking the data'}`);
    // The report does not say which variables its data lacked; a check of the same data and version does.
    const [missing, file, link] = await Promise.all([
      source.data === undefined
        ? null
        : client.templates
            .check(args.template_id, { data: source.data, version: made.template_version }, { signal })
            .then((check) => check.findings.flatMap((f) => (f.code === 'missing_variable' && f.path ? [f.path] : []))),
      report.status === 'succeeded' && report.bytes !== null && report.bytes <= MAX_EMBED_BYTES
        ? client.reports
            .download(report.id, { signal })
            .then(async (download) => Buffer.from(await download.bytes()).toString('base64'))
        : undefined,
      fileLinkOf(client, report, signal),
    ]);
    return {
      structured: {
        report_id: report.id,
        status: report.status,
        format: report.format,
        pages: report.pages,
        bytes: report.bytes,
        filename: report.filename,
        content_type: report.content_type,
        download_url: report.download_url,
        ...link,
        file_expires_at: report.file_expires_at,
        embedded: file !== undefined,
        warnings: made.warnings.map(toFinding),
        missing_variables: missing,
      },
      content:
        file === undefined
          ? []
          : [embeddedFile(`quire://reports/${report.id}/file`, report.content_type ?? 'application/pdf', file)],
    };
  },
});
