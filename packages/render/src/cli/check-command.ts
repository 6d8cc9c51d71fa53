import type { CheckResult, Finding } from '../check/check';
import { COMMON_OPTIONS, parseCommand, RENDER_OPTIONS, TEMPLATE_OPTIONS } from './args';
import { formatSourceError, stripPosition, UsageError } from './errors';
import { type CliIo, writeOut } from './io';
import { engineOptions, explainTemplateError, type PreparedRender, prepareRender } from './prepare';
import { createSession } from './session';
import { locateTemplateError } from './template-source';

export const CHECK_HELP = `Usage: quire check <template> [--data data.json] [--json] [options]

Checks a template and its data before anyone reads the report: template errors, data the template needs and does
not get, data it never uses, characters no font can draw, images that failed to load, content wider than the page,
and the page count. Exit code 1 when any finding is an error.

<template> is a starter id, a .json template or an .html body, as for quire render.

Options:
  --data <file>          JSON data (default: the template's sample data, else {})
  --json                 print the result as JSON on stdout
  --format, --engine, --locale, --time-zone, --currency, --css, --header, --footer, --page, --orientation:
                         as for quire render
  --debug                print stacks of unexpected errors
  -h, --help             this help
`;

const OPTIONS = { ...COMMON_OPTIONS, ...TEMPLATE_OPTIONS, ...RENDER_OPTIONS, json: { type: 'boolean' } } as const;

// Codes of errors in the template language, whose line and column count in one of the template's parts.
const TEMPLATE_CODES = new Set([
  'template_syntax_error',
  'template_render_error',
  'template_limit_exceeded',
  'invalid_filter_argument',
  'template_too_deep',
]);

export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommand('check', args, OPTIONS);
  if (values.help) {
    await writeOut(io.stdout, CHECK_HELP);
    return 0;
  }
  const [spec, ...extra] = positionals;
  if (spec === undefined)
    throw new UsageError('quire check needs a template: a starter id, a .json or an .html file', 'check');
  if (extra.length) throw new UsageError(`Unexpected argument '${extra[0]}'`, 'check');

  const prepared = await prepareRender('check', spec, values, io.cwd);
  const { check } = await import('../check/check');
  const session = createSession();
  let result: CheckResult;
  try {
    result = await check(prepared.options, session.context);
  } catch (error) {
    throw explainTemplateError(error, prepared.source, prepared.options);
  } finally {
    await session.close();
  }
  await writeOut(io.stdout, values.json ? `${JSON.stringify(result, null, 2)}\n` : formatCheck(result, prepared));
  return result.ok ? 0 : 1;
}

/** One line per finding (severity, code, where, message), template errors with their source line, then a tally. */
export function formatCheck(result: CheckResult, prepared: PreparedRender): string {
  // The page count has the last line to itself.
  const findings = result.findings.filter((f) => f.code !== 'page_count');
  const codeWidth = Math.max(0, ...findings.map((f) => f.code.length));
  const lines: string[] = [];
  for (const finding of findings) {
    const located = locate(finding, prepared);
    const where = located ? located.split('\n')[0] : place(finding);
    // A located message carries its position in front; core's copy of it at the end would say it twice.
    const message = located ? stripPosition(finding.message) : finding.message;
    lines.push(
      `${finding.severity.padEnd(7)} ${finding.code.padEnd(codeWidth)}  ${where ? `${where}  ` : ''}${message}`,
    );
    // The source line and caret of a template error, under the finding.
    if (located) lines.push(...located.split('\n').slice(1));
  }
  const count = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity).length;
  const tally = [
    plural(count('error'), 'error'),
    plural(count('warning'), 'warning'),
    plural(count('info'), 'note'),
  ].join(', ');
  const pages =
    result.pages !== null
      ? plural(result.pages, 'page')
      : prepared.options.format === 'pdf'
        ? 'did not render'
        : `no page count (${prepared.options.format})`;
  lines.push(`${pages}; ${tally}`);
  return `${lines.join('\n')}\n`;
}

/** `file:line:column` plus source line and caret, for a template error with a position. */
function locate(finding: Finding, { source, options }: PreparedRender): string | undefined {
  if (!TEMPLATE_CODES.has(finding.code) || finding.line === undefined) return undefined;
  const location = locateTemplateError(
    source,
    { code: finding.code, line: finding.line, column: finding.column ?? 1 },
    options.data,
    engineOptions(options),
  );
  // The message stands after the location on the finding's line, so only the location is kept from the head.
  const [head = '', ...rest] = formatSourceError(location, '').split('\n');
  return [head.replace(/: $/, ''), ...rest].join('\n');
}

function place(finding: Finding): string {
  if (finding.path) return finding.path;
  if (finding.line !== undefined)
    return `line ${finding.line}${finding.column !== undefined ? `:${finding.column}` : ''}`;
  return '';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
