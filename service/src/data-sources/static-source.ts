import { assertJsonDepth, QuireError } from '@quire/core';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { LIMITS } from './context';
import { assertDataPath, pick, ROOT_PATH } from './extract';
import { fromJson, type Loaded } from './rows';

const DELIMITERS = [',', ';', '\t', '|'] as const;

export const staticFields = {
  format: z.enum(['json', 'csv']).describe('How content is written'),
  content: z
    .string()
    .refine((value) => Buffer.byteLength(value, 'utf8') <= LIMITS.staticBytes, {
      message: `content must be at most ${LIMITS.staticBytes / 1024 / 1024} MB`,
    })
    .describe(
      'The data as text: a JSON document, or CSV whose first line names the columns (values stay strings). At ' +
        'most 5 MB',
    ),
  data_path: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe('JSON only: a JSONPath picking the data out of the document (default `$`)'),
  delimiter: z.enum(DELIMITERS).optional().describe('CSV only: the column separator (default `,`)'),
};

export interface StaticSettings {
  format: 'json' | 'csv';
  /** The text as uploaded; parsed when loaded (it was checked when saved). */
  content: string;
  sizeBytes: number;
  dataPath: string;
  delimiter: (typeof DELIMITERS)[number];
}

export interface StaticInput {
  format: 'json' | 'csv';
  content: string;
  data_path?: string | undefined;
  delimiter?: (typeof DELIMITERS)[number] | undefined;
}

const invalidContent = (message: string) =>
  new QuireError('validation_failed', { param: 'content', message: `content: ${message}` });

/**
 * CSV to rows: the header line names the columns, every value stays the string it was (a leading zero in an
 * id or a postcode survives; Liquid's math filters take numeric strings). Objects are built with fromEntries, so a
 * column called __proto__ is a plain column.
 */
function csvRows(content: string, delimiter: string): Record<string, string>[] {
  let records: string[][];
  try {
    records = parseCsv(content, { delimiter, bom: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw invalidContent(`not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...lines] = records;
  if (!header) return [];
  const columns = header.map((name, index) => name.trim() || `column_${index + 1}`);
  const duplicate = columns.find((name, index) => columns.indexOf(name) !== index);
  if (duplicate !== undefined) throw invalidContent(`the column ${duplicate} appears twice in the header`);
  return lines.map((line) => Object.fromEntries(columns.map((name, index) => [name, line[index] ?? ''])));
}

function parseJson(content: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    throw invalidContent(`not valid JSON: ${(error as Error).message}`);
  }
  // Checked before data_path is applied: a JSONPath walks the document by recursion.
  assertJsonDepth(value, 'content');
  return value;
}

/**
 * Checks the content once, when saved: a report never meets a file that does not parse. `parse` parses it (on the
 * parse worker: a 5 MB upload is too much work for the service's event loop).
 */
export async function buildStatic(
  input: StaticInput,
  parse: (settings: StaticSettings) => Promise<void>,
): Promise<StaticSettings> {
  if (input.format === 'csv' && input.data_path !== undefined && input.data_path !== ROOT_PATH) {
    throw new QuireError('validation_failed', { param: 'data_path', message: 'data_path: only JSON content has one' });
  }
  if (input.format === 'json' && input.delimiter !== undefined && input.delimiter !== ',') {
    throw new QuireError('validation_failed', { param: 'delimiter', message: 'delimiter: only CSV content has one' });
  }
  const settings: StaticSettings = {
    format: input.format,
    content: input.content,
    sizeBytes: Buffer.byteLength(input.content, 'utf8'),
    dataPath: input.data_path ?? ROOT_PATH,
    delimiter: input.delimiter ?? ',',
  };
  assertDataPath(settings.dataPath, 'data_path');
  try {
    await parse(settings);
  } catch (error) {
    // A data_path that matches nothing is a mistake in the body here, not a failing source.
    if (QuireError.isInstance(error) && error.code === 'data_source_error') {
      throw new QuireError('validation_failed', { param: 'data_path', message: `data_path: ${error.message}` });
    }
    throw error;
  }
  return settings;
}

export function loadStatic(settings: StaticSettings): Loaded {
  if (settings.format === 'csv') return { rows: csvRows(settings.content, settings.delimiter), truncated: false };
  return fromJson(pick(parseJson(settings.content), settings.dataPath));
}

/** What a PATCH starts from. */
export function staticEditable(settings: StaticSettings) {
  return {
    format: settings.format,
    content: settings.content,
    ...(settings.format === 'json' ? { data_path: settings.dataPath } : { delimiter: settings.delimiter }),
  };
}

/** The API's fields: the content itself is not repeated in every answer (it may be 5 MB); preview shows it. */
export function staticView(settings: StaticSettings) {
  return {
    format: settings.format,
    size_bytes: settings.sizeBytes,
    ...(settings.format === 'json' ? { data_path: settings.dataPath } : { delimiter: settings.delimiter }),
  };
}
