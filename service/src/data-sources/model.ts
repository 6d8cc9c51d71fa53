import type { Actor } from '../audit/index';
import type { Store } from '../store/port';
import { type SourceSettings, viewFields } from './kinds';

/**
 * A stored data source: camelCase, secrets sealed (see each kind's settings). Free-form maps (query parameters,
 * headers, bodies) are kept as JSON text: the store's field names cannot start with $ or hold a dot.
 */
export type DataSource = {
  id: string;
  teamId: string;
  name: string;
  description: string | null;
  createdBy: Actor;
  createdAt: string;
  updatedAt: string;
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
    created_at: source.createdAt,
    updated_at: source.updatedAt,
  };
}
