import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStarter, type Starter, starters } from '@quire/core';
import { COMMON_OPTIONS, parseCommand } from './args';
import { CliError, UsageError } from './errors';
import { type CliIo, displayPath, writeOut } from './io';

export const STARTERS_HELP = `Usage: quire starters
       quire starters export <id> [--dir <path>] [--force]

Lists the starter templates, or writes one out as files to edit:
  <id>.html, <id>.css, <id>.header.html, <id>.footer.html (when the starter has them), <id>.page.json,
  <id>.data.json (its sample data) and <id>.json (the whole template).
Render the files back with: quire render <path>/<id>.html --data <path>/<id>.data.json

Options:
  --dir <path>    where to write (default: the current directory)
  --force         overwrite files that exist
  -h, --help      this help
`;

const OPTIONS = { ...COMMON_OPTIONS, dir: { type: 'string' }, force: { type: 'boolean' } } as const;

export async function startersCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommand('starters', args, OPTIONS);
  if (values.help) {
    await writeOut(io.stdout, STARTERS_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (action === undefined || action === 'list') {
    if (rest.length) throw new UsageError(`Unexpected argument '${rest[0]}'`, 'starters');
    if (values.dir !== undefined || values.force)
      throw new UsageError('--dir and --force are for quire starters export', 'starters');
    await writeOut(io.stdout, startersTable(io.stdout.isTTY ? io.stdout.columns : undefined));
    return 0;
  }
  if (action !== 'export') throw new UsageError(`Unknown starters action '${action}' (expected export)`, 'starters');
  const [id, ...extra] = rest;
  if (id === undefined) throw new UsageError('quire starters export needs a starter id', 'starters');
  if (extra.length) throw new UsageError(`Unexpected argument '${extra[0]}'`, 'starters');
  const starter = getStarter(id);
  if (!starter)
    throw new UsageError(`Unknown starter '${id}'. Starters: ${starters.map((s) => s.id).join(', ')}`, 'starters');

  const dir = path.resolve(io.cwd, values.dir ?? '.');
  const files = exportFiles(starter);
  const existing = files.map(([name]) => path.join(dir, name)).filter((file) => existsSync(file));
  // Exported files are meant to be edited: exporting again must not silently undo someone's work.
  if (existing.length && !values.force) {
    throw new CliError(
      `Not overwriting ${existing.map((file) => displayPath(io.cwd, file)).join(', ')}: pass --force to replace them`,
    );
  }
  await mkdir(dir, { recursive: true });
  for (const [name, text] of files) await writeFile(path.join(dir, name), text);
  const shown = (name: string) => displayPath(io.cwd, path.join(dir, name));
  await writeOut(
    io.stderr,
    `Wrote ${files.map(([name]) => shown(name)).join(', ')}\n` +
      `Render it with: quire render ${shown(`${id}.html`)} --data ${shown(`${id}.data.json`)}\n`,
  );
  return 0;
}

/** The files of an exported starter, by name; empty header and footer files are left out. */
export function exportFiles(starter: Starter): [string, string][] {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const files: [string, string][] = [[`${starter.id}.html`, starter.html]];
  // An empty stylesheet still gets its file: it is where a user adds styles, and it keeps the set predictable.
  files.push([`${starter.id}.css`, starter.css]);
  if (starter.header_html.trim()) files.push([`${starter.id}.header.html`, starter.header_html]);
  if (starter.footer_html.trim()) files.push([`${starter.id}.footer.html`, starter.footer_html]);
  files.push([`${starter.id}.page.json`, json(starter.page)]);
  files.push([`${starter.id}.data.json`, json(starter.sample_data)]);
  files.push([`${starter.id}.json`, json(starter)]);
  return files;
}

/** id, kind, name and description, in aligned columns; descriptions cut to the terminal's width. */
export function startersTable(columns?: number): string {
  const rows = [['ID', 'KIND', 'NAME', 'DESCRIPTION'], ...starters.map((s) => [s.id, s.kind, s.name, s.description])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return `${rows
    .map((row) => {
      const head = [0, 1, 2].map((i) => (row[i] ?? '').padEnd(widths[i] ?? 0)).join('  ');
      let line = `${head}  ${row[3] ?? ''}`.trimEnd();
      if (columns && line.length > columns) line = `${line.slice(0, Math.max(head.length + 4, columns - 1))}…`;
      return line;
    })
    .join('\n')}\n`;
}
