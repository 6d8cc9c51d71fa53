import type { Actor } from '../audit/index';
import type { Store } from '../store/port';
import { type SourceSettings, viewFields } from './kinds';

/**
 * A stored data source: camelCase, secrets sealed (see each kind's settings). Free-form maps (query parameters,
 * headers, bodies) are kept as JSON text: the store's field names cannot start with $ or hold a dot.
 */
/** The outcome of the last connection test (POST /{id}/test): when, whether it worked, and the error's code. */
export interface LastTest {
  at: string;
  ok: boolean;
  code: string | null;
}

export type DataSource = {
  id: string;
  teamId: string;
  name: string;
  description: string | null;
  createdBy: Actor;
  createdAt: string;
  updatedAt: string;
  /** Cleared when the settings change (a new name or description keeps it); absent on records made before it. */
  lastTest?: LastTest | null;
} & SourceSettings;

/** `<dataDir>/db/data_sources.db` with the embedded store. */
export const openDataSources = (store: Store) =>
  store.collection<DataSource>({ name: 'data_sources', indexes: [['teamId', 'createdAt']] });

/** The API's view, snake_case; the kind's fields sit next to the common ones, as in the create body. */
export function dataSourceView(source: DataSource) {
  return {
    object: 'data_source' as const,
    id: source.id,
    type: source.type,
    name: source.name,
    description: source.description,
    ...viewFields(source),
    last_test: source.lastTest
      ? { tested_at: source.lastTest.at, ok: source.lastTest.ok, error_code: source.lastTest.code }
      : null,
    created_at: source.createdAt,
    updated_at: source.updatedAt,
  };
}
