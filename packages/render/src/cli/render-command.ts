import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderResult } from '../types';
import { COMMON_OPTIONS, parseCommand, positiveInt, RENDER_OPTIONS, TEMPLATE_OPTIONS } from './args';
import { runBatch } from './batch';
import { CliError, UsageError } from './errors';
import { type CliIo, displayPath, writeOut } from './io';
import { explainTemplateError, extensionFor, prepareRender } from './prepare';
import { createSession } from './session';

export const RENDER_HELP = `Usage: quire render <template> [options]
       quire render <template> --batch data.ndjson --out-dir reports/ [options]

Renders a template with JSON data to a PDF, a standalone HTML file or an email.

<template> is one of:
  a starter id        quire render invoice (uses the starter's sample data unless --data is given)
  a .json template    the template's fields: html, css, header_html, footer_html, page, kind, name
  an .html body       with name.css, name.header.html, name.footer.html and name.page.json beside it

Images and fonts a template file names by relative URL (<img src="logo.png">, CSS url(fonts/brand.woff2)) are
read from its folder, as a browser opening the file would; never from outside it.

Options:
  --data <file>          JSON data (default: the template's sample data, else {})
  --out <file>           output file, or - for stdout (default: <template name>.pdf|.html here)
  --format <f>           pdf, html or email (default: email for email templates, else pdf)
  --engine <e>           quire (default, Quire's own layout engine), pdfmake or chromium (a local Chromium)
  --locale <tag>         BCP 47 locale for money, numbers and dates (default: en-US)
  --time-zone <zone>     IANA time zone for dates (default: UTC)
  --currency <code>      ISO 4217 currency for money without one (default: USD)
  --css <file>           stylesheet, instead of the template's
  --header <file>        running header (Liquid; page_number and page_count)
  --footer <file>        running footer
  --page <size>          A4, Letter or Legal
  --orientation <o>      portrait or landscape
  --debug                print stacks of unexpected errors
  -h, --help             this help

Batch (one report per line of an NDJSON file; failing lines are reported at the end, exit 1):
  --batch <file>         NDJSON: one JSON object of data per line
  --out-dir <dir>        where the reports go
  --name-field <path>    data path that names each file (invoice.number); default: the line number (0001.pdf)
  --workers <n>          render on n worker threads (Chromium: n pages at once); default: 1, in this process
`;

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...TEMPLATE_OPTIONS,
  ...RENDER_OPTIONS,
  out: { type: 'string', short: 'o' },
  batch: { type: 'string' },
  'out-dir': { type: 'string' },
  'name-field': { type: 'string' },
  workers: { type: 'string' },
} as const;

export async function renderCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommand('render', args, OPTIONS);
  if (values.help) {
    await writeOut(io.stdout, RENDER_HELP);
    return 0;
  }
  const [spec, ...extra] = positionals;
  if (spec === undefined)
    throw new UsageError('quire render needs a template: a starter id, a .json or an .html file', 'render');
  if (extra.length) throw new UsageError(`Unexpected argument '${extra[0]}'`, 'render');
  const workers = positiveInt('render', 'workers', values.workers);

  if (values.batch !== undefined) {
    if (values.out !== undefined)
      throw new UsageError('--out is for one report; a batch writes to --out-dir', 'render');
    if (values.data !== undefined)
      throw new UsageError('--data and --batch exclude each other: the data comes from the batch file', 'render');
    if (values['out-dir'] === undefined)
      throw new UsageError('--batch needs --out-dir, the directory for the reports', 'render');
    const prepared = await prepareRender('render', spec, values, io.cwd, { needsData: false });
    return runBatch({
      ...prepared,
      batchFile: values.batch,
      outDir: values['out-dir'],
      nameField: values['name-field'],
      workers: workers ?? 1,
      io,
    });
  }
  for (const flag of ['out-dir', 'name-field', 'workers'] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} works only with --batch`, 'render');
  }

  const { source, options } = await prepareRender('render', spec, values, io.cwd);
  const toStdout = values.out === '-';
  if (toStdout && options.format === 'pdf' && io.stdout.isTTY) {
    throw new UsageError('Refusing to write a PDF to the terminal: redirect stdout or pass --out <file>', 'render');
  }
  const out = toStdout
    ? undefined
    : path.resolve(io.cwd, values.out ?? `${source.name}.${extensionFor(options.format)}`);
  // `quire render report.html --format html` in the template's own folder would otherwise overwrite the template.
  if (out && source.files.includes(out)) {
    throw new CliError(`Refusing to overwrite the template file ${displayPath(io.cwd, out)}: pass --out`);
  }

  // Loaded only now: usage errors and --help should not wait for the renderer and its fonts to load.
  const { renderReport } = await import('../render');
  const session = createSession();
  let result: RenderResult;
  try {
    result = await renderReport(options, session.context);
  } catch (error) {
    throw explainTemplateError(error, source, options);
  } finally {
    await session.close();
  }

  if (out) {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, result.bytes);
  } else {
    await writeOut(io.stdout, result.bytes);
  }
  await writeOut(io.stderr, summary(out ? displayPath(io.cwd, out) : 'stdout', result));
  return 0;
}

/** `invoice.pdf: 2 pages, 48,213 bytes, 312 ms`, then one line per warning. */
export function summary(where: string, result: RenderResult): string {
  const parts = [
    ...(result.pages === null ? [] : [`${result.pages} page${result.pages === 1 ? '' : 's'}`]),
    `${result.bytes.byteLength.toLocaleString('en-US')} bytes`,
    `${Math.round(result.timings.total_ms)} ms`,
  ];
  if (result.warnings.length) parts.push(`${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}`);
  const lines = [`${where}: ${parts.join(', ')}`];
  for (const warning of result.warnings) {
    const at = warning.line ? ` (line ${warning.line}${warning.column ? `, column ${warning.column}` : ''})` : '';
    lines.push(`  warning ${warning.code}: ${warning.message}${at}`);
  }
  return `${lines.join('\n')}\n`;
}
