import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createTemplateEngine,
  getStarter,
  PageSetup,
  type PageSetupInput,
  QuireError,
  starters,
  TemplateContent,
  type TemplateEngineOptions,
  type TemplateKind,
} from '@quire/core';
import type { RenderTemplate } from '../types';
import { oneOf } from './args';
import { CliError, type SourceLocation, UsageError } from './errors';
import { displayPath } from './io';

/** The parts of a template written in Liquid, where a template error can point. */
export type LiquidPart = 'html' | 'header_html' | 'footer_html';
const LIQUID_PARTS: readonly LiquidPart[] = ['html', 'header_html', 'footer_html'];

export interface TemplateSource {
  /** Names the default output file: the starter's id or the template file's base name. */
  name: string;
  template: RenderTemplate & { name: string; kind: TemplateKind };
  /** Data to render with when no --data is given (a starter's or a JSON template's sample data). */
  sampleData: Record<string, unknown> | undefined;
  /** Where each Liquid part came from, for error locations: a file, or `file.json[html]`, `invoice[html]`. */
  origins: Partial<Record<LiquidPart, string>>;
  /** Absolute paths of every file read, so that no output overwrites one of them. */
  files: string[];
  /** The folder of the template file, whose files the template may name by relative URL (none for a starter). */
  folder?: string;
}

/** --css, --header, --footer, --page and --orientation as given. */
export interface TemplateFlags {
  css?: string | undefined;
  header?: string | undefined;
  footer?: string | undefined;
  page?: string | undefined;
  orientation?: string | undefined;
}

const PAGE_SIZE_FLAGS = ['A4', 'Letter', 'Legal'] as const;
const ORIENTATIONS = ['portrait', 'landscape'] as const;

// Fields an exported API template or a starter carries beyond its content; a template file may hold them.
const RECORD_FIELDS = ['id', 'team_id', 'published_version', 'latest_version', 'created_at', 'updated_at'];

// A template file needs no name: the file's own name stands in for it.
const TemplateFile = TemplateContent.extend({ name: TemplateContent.shape.name.optional() });

/**
 * Loads the template a command names: a starter id, a `.json` template, or an `.html` body with its parts found
 * beside it (`name.css`, `name.header.html`, `name.footer.html`, `name.page.json`). Flags override any source.
 */
export async function loadTemplate(
  spec: string,
  flags: TemplateFlags,
  cwd: string,
  command: string,
): Promise<TemplateSource> {
  const pageSize = oneOf(command, 'page', flags.page, PAGE_SIZE_FLAGS);
  const orientation = oneOf(command, 'orientation', flags.orientation, ORIENTATIONS);
  const lower = spec.toLowerCase();
  const file = path.resolve(cwd, spec);
  let source: TemplateSource;
  if (lower.endsWith('.json')) source = await fromJson(file, cwd);
  else if (lower.endsWith('.html') || lower.endsWith('.htm') || lower.endsWith('.mjml'))
    source = await fromHtml(file, cwd);
  else {
    const starter = getStarter(spec);
    if (starter) source = fromStarter(starter.id);
    else if (existsSync(file)) source = await fromHtml(file, cwd);
    else {
      throw new UsageError(
        `'${spec}' is neither a starter nor a template file (.html or .json). Starters: ${starters.map((s) => s.id).join(', ')}`,
        command,
      );
    }
  }

  for (const [flag, part] of [
    ['css', 'css'],
    ['header', 'header_html'],
    ['footer', 'footer_html'],
  ] as const) {
    const value = flags[flag];
    if (value === undefined) continue;
    const partFile = path.resolve(cwd, value);
    source.template[part] = await readText(partFile, cwd);
    source.files.push(partFile);
    if (part !== 'css') source.origins[part] = displayPath(cwd, partFile);
  }

  const page: PageSetupInput = {
    ...source.template.page,
    ...(pageSize ? { size: pageSize } : {}),
    ...(orientation ? { orientation } : {}),
  };
  const parsed = PageSetup.safeParse(page);
  if (!parsed.success)
    throw new CliError(`The page setup of ${source.name} is invalid: ${issues(parsed.error.issues)}`);
  source.template.page = parsed.data;
  return source;
}

function fromStarter(id: string): TemplateSource {
  const starter = getStarter(id);
  if (!starter) throw new UsageError(`Unknown starter '${id}'`);
  return {
    name: starter.id,
    template: {
      name: starter.name,
      kind: starter.kind,
      html: starter.html,
      css: starter.css,
      header_html: starter.header_html,
      footer_html: starter.footer_html,
      page: starter.page,
    },
    sampleData: starter.sample_data,
    origins: { html: `${id}[html]`, header_html: `${id}[header_html]`, footer_html: `${id}[footer_html]` },
    files: [],
  };
}

async function fromJson(file: string, cwd: string): Promise<TemplateSource> {
  const shown = displayPath(cwd, file);
  const raw = parseJson(await readText(file, cwd), shown);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CliError(`${shown} does not hold a template: expected a JSON object with at least "html"`);
  }
  const content = Object.fromEntries(Object.entries(raw).filter(([key]) => !RECORD_FIELDS.includes(key)));
  const parsed = TemplateFile.safeParse(content);
  if (!parsed.success) throw new CliError(`${shown} is not a valid template: ${issues(parsed.error.issues)}`);
  const t = parsed.data;
  const name = path.basename(file).replace(/\.json$/i, '');
  return {
    name,
    template: {
      name: t.name ?? name,
      kind: t.kind,
      html: t.html,
      css: t.css,
      header_html: t.header_html,
      footer_html: t.footer_html,
      page: t.page,
    },
    // An empty sample is what the schema defaults to, not data anyone wrote: treat it as none.
    sampleData: Object.keys(t.sample_data).length > 0 ? t.sample_data : undefined,
    origins: { html: `${shown}[html]`, header_html: `${shown}[header_html]`, footer_html: `${shown}[footer_html]` },
    files: [file],
    folder: path.dirname(file),
  };
}

async function fromHtml(file: string, cwd: string): Promise<TemplateSource> {
  const html = await readText(file, cwd);
  const base = file.replace(/\.(html?|mjml)$/i, '');
  const name = path.basename(base);
  const source: TemplateSource = {
    name,
    template: {
      name,
      // MJML is how an email template is written; nothing else in a body starts an <mjml> element.
      kind: /<mjml[\s>]/i.test(html) ? 'email' : 'document',
      html,
    },
    sampleData: undefined,
    origins: { html: displayPath(cwd, file) },
    files: [file],
    folder: path.dirname(file),
  };
  const sibling = async (suffix: string): Promise<string | undefined> => {
    const candidate = `${base}${suffix}`;
    if (!existsSync(candidate)) return undefined;
    source.files.push(candidate);
    return readText(candidate, cwd);
  };
  const css = await sibling('.css');
  if (css !== undefined) source.template.css = css;
  const header = await sibling('.header.html');
  if (header !== undefined) {
    source.template.header_html = header;
    source.origins.header_html = displayPath(cwd, `${base}.header.html`);
  }
  const footer = await sibling('.footer.html');
  if (footer !== undefined) {
    source.template.footer_html = footer;
    source.origins.footer_html = displayPath(cwd, `${base}.footer.html`);
  }
  const page = await sibling('.page.json');
  if (page !== undefined) {
    const shown = displayPath(cwd, `${base}.page.json`);
    const value = parseJson(page, shown);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new CliError(`${shown} must hold a page setup object ({ "size": "A4", "orientation": "portrait", ... })`);
    }
    source.template.page = value as PageSetupInput;
  }
  return source;
}

/** Reads a JSON data file: an object, as every template's data is. */
export async function loadData(file: string, cwd: string): Promise<Record<string, unknown>> {
  const absolute = path.resolve(cwd, file);
  const shown = displayPath(cwd, absolute);
  const value = parseJson(await readText(absolute, cwd), shown);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${shown} must hold a JSON object (the template's data), not ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

export async function readText(file: string, cwd: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const shown = displayPath(cwd, file);
    if (code === 'ENOENT') throw new CliError(`${shown}: no such file`);
    if (code === 'EISDIR') throw new CliError(`${shown} is a directory, not a file`);
    throw new CliError(`Cannot read ${shown}: ${(error as Error).message}`, { cause: error });
  }
}

function parseJson(text: string, shown: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${shown} is not valid JSON: ${(error as Error).message}`);
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function issues(list: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return list
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Which part of the template (body, header or footer) a template error's line and column count in. Core reports
 * the position but not the part, so each part is parsed (or rendered) again on its own until one fails the same way.
 */
export function locateTemplateError(
  source: TemplateSource,
  position: { code: string; line: number; column: number },
  data: Record<string, unknown>,
  engineOptions: TemplateEngineOptions,
): SourceLocation {
  const at = (part: LiquidPart): SourceLocation => ({
    origin: source.origins[part] ?? source.origins.html ?? source.name,
    text: source.template[part],
    line: position.line,
    column: position.column,
  });
  const parts = LIQUID_PARTS.filter((part) => source.template[part]?.trim());
  // A limit error would take its full time again to reproduce; the body is where limits are hit in practice.
  if (parts.length <= 1 || position.code === 'template_limit_exceeded') return at('html');
  const engine = createTemplateEngine(engineOptions);
  for (const part of parts) {
    const text = source.template[part] ?? '';
    try {
      // Errors found while parsing: a syntax error, or Liquid blocks nested too deep (found before the parse).
      if (position.code === 'template_syntax_error' || position.code === 'template_too_deep') engine.parse(text);
      else engine.render(text, part === 'html' ? data : { ...data, page_number: 1, page_count: 1 });
    } catch (error) {
      if (
        QuireError.isInstance(error) &&
        error.code === position.code &&
        error.details.line === position.line &&
        (error.details.column ?? 1) === position.column
      ) {
        return at(part);
      }
    }
  }
  return at('html');
}
