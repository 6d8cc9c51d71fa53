import type { JsonSchema } from '@quire/core';
import { inferSchema } from './infer-schema';
import { type Loaded, templateData } from './rows';

/** POST /v1/data-sources/{id}/preview's answer. */
export interface SourcePreview {
  object: 'data_source_preview';
  rows: unknown[];
  row_count: number;
  truncated: boolean;
  schema: JsonSchema;
}

/** The first `limit` rows of what a source loaded, its row count, and the schema inferred from every row read. */
export function previewOf(loaded: Loaded, limit: number): SourcePreview {
  const rows = 'rows' in loaded ? loaded.rows : [loaded.value];
  return {
    object: 'data_source_preview',
    rows: rows.slice(0, limit),
    row_count: rows.length,
    truncated: 'rows' in loaded ? loaded.truncated : false,
    // The schema of what a template gets (load's answer), from every row read, not only those shown.
    schema: inferSchema(templateData(loaded)),
  };
}
