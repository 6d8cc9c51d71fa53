#!/usr/bin/env node
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Quire } from '../client';
import { APIError } from '../core/errors';
import { templateTypes } from '../typegen/template-types';

const HELP = `Usage: quire-client types pull [options]

Writes the TypeScript data types of a team's templates, and the TemplateDataMap that types
quire.reports.create({ template_id, data }) per template.

Options:
  --out <file>       where to write them (default: standard output), e.g. quire-templates.d.ts
  --api-key <key>    a team API key or an access token (default: $QUIRE_API_KEY)
  --base-url <url>   the service (default: $QUIRE_BASE_URL, else http://localhost:3000)
  --team <id>        the team, for an access token (an API key acts for its own team)
  --latest           the latest version of each template instead of the published one
  -h, --help         this help
`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      'api-key': { type: 'string' },
      'base-url': { type: 'string' },
      team: { type: 'string' },
      latest: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.join(' ') !== 'types pull') {
    process.stderr.write(`Unknown command: ${positionals.join(' ') || '(none)'}\n\n${HELP}`);
    return 2;
  }
  const apiKey = values['api-key']?.trim() || process.env.QUIRE_API_KEY?.trim();
  if (!apiKey) {
    process.stderr.write('quire-client: No API key: pass --api-key qk_live_… or set QUIRE_API_KEY.\n');
    return 2;
  }
  const client = new Quire({ apiKey, baseUrl: values['base-url'], team: values.team });
  let skipped = 0;
  const source = await templateTypes(client, {
    latest: values.latest ?? false,
    onSkip(template, error) {
      skipped += 1;
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`Skipped ${template.name} (${template.id}): ${reason}\n`);
    },
  });
  const count = (source.match(/^export type \w+TemplateId = /gm) ?? []).length;
  if (values.out) {
    await writeFile(values.out, source);
    process.stderr.write(`Wrote the types of ${count} template${count === 1 ? '' : 's'} to ${values.out}\n`);
  } else {
    process.stdout.write(source);
  }
  return skipped > 0 && count === 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if ((error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS')) {
      // An unknown or malformed flag.
      process.stderr.write(`quire-client: ${(error as Error).message}\n\n${HELP}`);
      process.exitCode = 2;
      return;
    }
    if (APIError.isInstance(error)) {
      const id = error.requestId ? ` (request ${error.requestId})` : '';
      process.stderr.write(`quire-client: ${error.code}: ${error.message}${id}\n`);
    } else {
      process.stderr.write(`quire-client: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exitCode = 1;
  },
);
