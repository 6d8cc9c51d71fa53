import type { DataSource, DataSourceCreateParams, DataSourceUpdateParams } from '@quire/client';

/**
 * The data source form's state and the API bodies made from it. The form speaks of five kinds (the service's
 * `static` type is two: a CSV or a JSON upload); secrets (header values, the connection string) are write-only: an
 * edit starts with them empty, and an empty secret keeps the saved one.
 */
export type FormKind = 'http' | 'postgres' | 'mysql' | 'csv' | 'json';
export const FORM_KINDS: readonly FormKind[] = ['csv', 'json', 'http', 'postgres', 'mysql'];

export interface HeaderRow {
  /** Stable key for React. */
  key: string;
  name: string;
  /** What was typed; empty on a saved header means "keep its value". */
  value: string;
  /** The header exists on the saved source (its value is set, never shown). */
  saved: boolean;
}

export interface FormState {
  kind: FormKind;
  name: string;
  description: string;
  method: 'GET' | 'POST';
  url: string;
  headers: HeaderRow[];
  /** The saved headers this edit removes. */
  removedHeaders: string[];
  body: string;
  dataPath: string;
  timeoutMs: string;
  connectionString: string;
  query: string;
  params: string;
  rowLimit: string;
  content: string;
  delimiter: ',' | ';' | '\t' | '|';
}

let rows = 0;
export const headerRow = (name = '', value = '', saved = false): HeaderRow => {
  rows += 1;
  return { key: `h${rows}`, name, value, saved };
};

export function emptyForm(kind: FormKind = 'csv'): FormState {
  return {
    kind,
    name: '',
    description: '',
    method: 'GET',
    url: '',
    headers: [],
    removedHeaders: [],
    body: '',
    dataPath: '',
    timeoutMs: '',
    connectionString: '',
    query: '',
    params: '',
    rowLimit: '',
    content: '',
    delimiter: ',',
  };
}

export function kindOf(source: DataSource): FormKind {
  return source.type === 'static' ? source.format : source.type;
}

/** An edit's starting point: the saved settings, secrets left empty. */
export function formOf(source: DataSource): FormState {
  const form = { ...emptyForm(kindOf(source)), name: source.name, description: source.description ?? '' };
  switch (source.type) {
    case 'http':
      return {
        ...form,
        method: source.method,
        url: source.url,
        headers: Object.keys(source.headers).map((name) => headerRow(name, '', true)),
        body: source.body === null || source.body === undefined ? '' : JSON.stringify(source.body, null, 2),
        dataPath: source.data_path === '$' ? '' : source.data_path,
        timeoutMs: String(source.timeout_ms),
      };
    case 'postgres':
    case 'mysql':
      return {
        ...form,
        query: source.query,
        params: source.params.join(', '),
        timeoutMs: String(source.timeout_ms),
        rowLimit: String(source.row_limit),
      };
    case 'static':
      return {
        ...form,
        dataPath: source.data_path && source.data_path !== '$' ? source.data_path : '',
        delimiter: (source.delimiter as FormState['delimiter'] | undefined) ?? ',',
      };
  }
}

/** A problem with what was typed, before anything is sent. */
export class FormProblem extends Error {
  constructor(
    readonly field: keyof FormState,
    message: string,
  ) {
    super(message);
  }
}

const optionalInt = (value: string, field: keyof FormState, label: string): number | undefined => {
  const text = value.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text)) throw new FormProblem(field, `${label} must be a whole number`);
  return Number(text);
};

function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FormProblem('body', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

const paramNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

function common(form: FormState) {
  return { name: form.name.trim(), description: form.description.trim() || null };
}

/** POST /v1/data-sources. */
export function createBody(form: FormState): DataSourceCreateParams {
  switch (form.kind) {
    case 'http': {
      const headers = Object.fromEntries(
        form.headers.filter((h) => h.name.trim()).map((h) => [h.name.trim(), h.value]),
      );
      return {
        type: 'http',
        ...common(form),
        method: form.method,
        url: form.url.trim(),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(form.method === 'POST' && form.body.trim() ? { body: jsonBody(form.body) } : {}),
        ...(form.dataPath.trim() ? { data_path: form.dataPath.trim() } : {}),
        ...withNumber('timeout_ms', optionalInt(form.timeoutMs, 'timeoutMs', 'The time limit')),
      };
    }
    case 'postgres':
    case 'mysql':
      return {
        type: form.kind,
        ...common(form),
        connection_string: form.connectionString.trim(),
        query: form.query,
        params: paramNames(form.params),
        ...withNumber('timeout_ms', optionalInt(form.timeoutMs, 'timeoutMs', 'The time limit')),
        ...withNumber('row_limit', optionalInt(form.rowLimit, 'rowLimit', 'The row limit')),
      };
    case 'csv':
      return { type: 'static', ...common(form), format: 'csv', content: form.content, delimiter: form.delimiter };
    case 'json':
      return {
        type: 'static',
        ...common(form),
        format: 'json',
        content: form.content,
        ...(form.dataPath.trim() ? { data_path: form.dataPath.trim() } : {}),
      };
  }
}

function withNumber<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/**
 * PATCH /v1/data-sources/{id}: every setting of the form, but a secret only when a new one was typed (a saved
 * header left empty is left out, which keeps it; a removed one is null). An empty upload keeps the saved file.
 */
export function updateBody(form: FormState): DataSourceUpdateParams {
  switch (form.kind) {
    case 'http': {
      const headers: Record<string, string | null> = {};
      for (const name of form.removedHeaders) headers[name] = null;
      for (const h of form.headers) {
        const name = h.name.trim();
        if (!name || (h.saved && h.value === '')) continue;
        headers[name] = h.value;
      }
      return {
        ...common(form),
        method: form.method,
        url: form.url.trim(),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(form.method === 'POST' && form.body.trim() ? { body: jsonBody(form.body) } : {}),
        data_path: form.dataPath.trim() || '$',
        ...withNumber('timeout_ms', optionalInt(form.timeoutMs, 'timeoutMs', 'The time limit')),
      };
    }
    case 'postgres':
    case 'mysql':
      return {
        ...common(form),
        ...(form.connectionString.trim() ? { connection_string: form.connectionString.trim() } : {}),
        query: form.query,
        params: paramNames(form.params),
        ...withNumber('timeout_ms', optionalInt(form.timeoutMs, 'timeoutMs', 'The time limit')),
        ...withNumber('row_limit', optionalInt(form.rowLimit, 'rowLimit', 'The row limit')),
      };
    case 'csv':
      return { ...common(form), ...(form.content ? { content: form.content } : {}), delimiter: form.delimiter };
    case 'json':
      return {
        ...common(form),
        ...(form.content ? { content: form.content } : {}),
        data_path: form.dataPath.trim() || '$',
      };
  }
}

/** What Boss Mode shows instead of a typed secret. */
export const SECRET_MASK = '********';
export const CONNECTION_PLACEHOLDER = '$CONNECTION_STRING';

type Body = DataSourceCreateParams | DataSourceUpdateParams;

/**
 * A body as Boss Mode shows it: secrets replaced, so that a snippet on screen never holds one; a long upload cut
 * short in snippets (`truncate`), whole in the JSON editor.
 */
export function withoutSecrets(body: Body, options: { truncate?: boolean } = {}): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...body };
  if (typeof shown.connection_string === 'string') shown.connection_string = CONNECTION_PLACEHOLDER;
  if (shown.headers && typeof shown.headers === 'object') {
    shown.headers = Object.fromEntries(
      Object.entries(shown.headers as Record<string, string | null>).map(([name, value]) => [
        name,
        value === null ? null : SECRET_MASK,
      ]),
    );
  }
  if ((options.truncate ?? true) && typeof shown.content === 'string' && shown.content.length > 200) {
    shown.content = `${shown.content.slice(0, 200)}…`;
  }
  return shown;
}

/**
 * The body of Boss Mode's JSON editor, to send: the masks it shows are the secrets typed in the form. A header
 * left masked in a change keeps its saved value (the service's rule for ********); a new source needs its value.
 */
export function restoreSecrets(edited: unknown, typed: Body | undefined, creating: boolean): Body {
  if (!edited || typeof edited !== 'object' || Array.isArray(edited)) {
    throw new FormProblem('name', 'The JSON must be an object of settings');
  }
  const body: Record<string, unknown> = { ...(edited as Record<string, unknown>) };
  const typedFields = (typed ?? {}) as Record<string, unknown>;
  if (body.connection_string === CONNECTION_PLACEHOLDER) {
    if (typeof typedFields.connection_string === 'string') body.connection_string = typedFields.connection_string;
    else if (creating) throw new FormProblem('connectionString', 'Type the connection string in the form first');
    else delete body.connection_string;
  }
  if (body.headers && typeof body.headers === 'object') {
    const typedHeaders = (typedFields.headers ?? {}) as Record<string, string | null>;
    body.headers = Object.fromEntries(
      Object.entries(body.headers as Record<string, unknown>).map(([name, value]) => {
        if (value !== SECRET_MASK) return [name, value];
        const typedValue = typedHeaders[name];
        if (typeof typedValue === 'string') return [name, typedValue];
        if (creating) throw new FormProblem('headers', `Type the value of the header ${name} in the form first`);
        return [name, value];
      }),
    );
  }
  return body as Body;
}

/**
 * The parameters a source takes when it is read: a query's `params`, or the `{{name}}` placeholders of an HTTP
 * source's URL, query values and body.
 */
export function parameterNames(source: DataSource): string[] {
  if (source.type === 'postgres' || source.type === 'mysql') return [...new Set(source.params)];
  if (source.type !== 'http') return [];
  const text = [source.url, JSON.stringify(source.query ?? {}), JSON.stringify(source.body ?? null)].join(' ');
  return [...new Set([...text.matchAll(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g)].map((m) => m[1] as string))];
}

/** One line about where the data is, for the list. */
export function summaryOf(source: DataSource): string {
  switch (source.type) {
    case 'http':
      return `${source.method} ${source.url}`;
    case 'postgres':
    case 'mysql':
      return `${source.connection.user}@${source.connection.host}:${source.connection.port}/${source.connection.database}`;
    case 'static':
      return `${source.format.toUpperCase()}, ${formatBytes(source.size_bytes)}`;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
