import type { DataSourcePreview } from '@quire/client';
import { DATA_SOURCES_TEXT as T } from '../../content/data-sources';

type Schema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

export interface SchemaField {
  /** Where the value is, as a template names it: `rows[].name`, `customer.email`. */
  path: string;
  type: string;
  required: boolean;
}

const typeOf = (schema: Schema) => {
  const types = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return schema.format ? `${types} (${schema.format})` : types;
};

/** The inferred JSON Schema as a flat list of fields, as a template's Liquid would name them. */
export function schemaFields(schema: Schema, prefix = '', required = true, depth = 0): SchemaField[] {
  if (depth > 8) return [];
  const fields: SchemaField[] = [];
  if (prefix) fields.push({ path: prefix, type: typeOf(schema), required });
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    fields.push(
      ...schemaFields(child, prefix ? `${prefix}.${name}` : name, schema.required?.includes(name) ?? false, depth + 1),
    );
  }
  if (schema.items) fields.push(...schemaFields(schema.items, `${prefix}[]`, true, depth + 1).slice(1));
  return fields;
}

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The first rows as a table, and the fields a template can use. */
export function PreviewView({ preview }: { preview: DataSourcePreview }) {
  const rows = preview.rows as Record<string, unknown>[];
  const columns = [...new Set(rows.flatMap((row) => (row && typeof row === 'object' ? Object.keys(row) : [])))];
  const fields = schemaFields(preview.schema as Schema);
  return (
    <div className="ds-preview">
      <h3>{T.previewTitle}</h3>
      <p className="ds-muted">
        {T.rowsShown(rows.length, preview.row_count)} {preview.truncated ? T.rowsTruncated : null}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard. */}
      <section className="ds-table-wrap" aria-label={T.previewTitle} tabIndex={0}>
        <table className="ds-table" data-testid="ds-preview-rows">
          <caption className="ds-sr-only">{T.previewTitle}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; the list is fixed.
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>{cell(row?.[column])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h3>{T.schemaTitle}</h3>
      <table className="ds-table ds-schema" data-testid="ds-preview-schema">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Always there</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.path}>
              <td>
                <code>{field.path}</code>
              </td>
              <td>{field.type}</td>
              <td>{field.required ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
