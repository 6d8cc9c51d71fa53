import { type JsonSchemaDocument, QuireError, TemplateContent, type TemplateKind } from '@quire/core';
import type { Collection, Store } from '../store/port';
import { assertValidatable } from './data-validation';

/**
 * A template's head: what lists show and the two version pointers. Its content lives in its versions; name,
 * description, kind and tags are copied from the latest version so that a list needs no second read.
 */
export interface TemplateRecord {
  id: string;
  teamId: string;
  name: string;
  description: string;
  kind: TemplateKind;
  tags: string[];
  /** The version reports render. */
  publishedVersion: number;
  /** The newest version: the working copy that GET shows and PATCH builds on. Only ever moves forward. */
  latestVersion: number;
  /** User id, or null when an API key created it. */
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Core's TemplateContent as stored. The two free-form JSON fields are kept as JSON text: user data may have
 * field names with "." or a leading "$" (a JSON Schema's `$schema`, `$defs`), which neither store can hold.
 */
export type StoredContent = Omit<TemplateContent, 'sample_data' | 'data_schema'> & {
  sampleDataJson: string;
  dataSchemaJson: string | null;
};

/** One immutable snapshot of a template's content. Never changed after it is written. */
export interface VersionRecord {
  /** `<templateId>:v<version>`: the primary key makes taking a version number a single atomic insert. */
  id: string;
  templateId: string;
  teamId: string;
  version: number;
  content: StoredContent;
  message: string;
  createdBy: string | null;
  createdAt: string;
}

export interface TemplateCollections {
  templates: Collection<TemplateRecord>;
  versions: Collection<VersionRecord>;
  /** The AI conversation of each template (written by ai/authoring): part of the template, deleted with it. */
  threads: Collection<{ id: string; templateId: string; teamId: string }>;
}

export const versionId = (templateId: string, version: number) => `${templateId}:v${version}`;

/** Template ids as this module makes them (`tpl_` and 16 base64url characters); anything else is not found. */
export const TEMPLATE_ID = /^tpl_[A-Za-z0-9_-]{1,64}$/;

export async function openTemplateCollections(store: Store): Promise<TemplateCollections> {
  return {
    // The usage module opens `templates` too and counts it by teamId: the name and the field are shared.
    templates: await store.collection<TemplateRecord>({ name: 'templates', indexes: [['teamId', 'createdAt']] }),
    versions: await store.collection<VersionRecord>({
      name: 'template_versions',
      indexes: [['templateId', 'version']],
    }),
    threads: await store.collection({ name: 'ai_messages', indexes: [['templateId', 'createdAt']] }),
  };
}

/**
 * The most each free-form field may take, as JSON. Every save builds on the one before, so without a cap two
 * large saves (sample data in one, a schema in the next) make a version record past the 16 MiB a MongoDB
 * document may hold. With these and core's limits on the sources, a version stays under about 9 MiB.
 */
export const MAX_SAMPLE_DATA_BYTES = 4 * 1024 * 1024;
export const MAX_DATA_SCHEMA_BYTES = 1024 * 1024;

export function toStoredContent(content: TemplateContent): StoredContent {
  const { sample_data, data_schema, ...rest } = content;
  return {
    ...rest,
    sampleDataJson: capped('sample_data', JSON.stringify(sample_data), MAX_SAMPLE_DATA_BYTES),
    dataSchemaJson:
      data_schema === null ? null : capped('data_schema', JSON.stringify(data_schema), MAX_DATA_SCHEMA_BYTES),
  };
}

/** The JSON text, or 413 payload_too_large naming the field. */
function capped(field: string, json: string, limit: number): string {
  if (Buffer.byteLength(json) > limit) {
    throw new QuireError('payload_too_large', {
      param: field,
      message: `${field} is larger than ${limit / (1024 * 1024)} MB as JSON.`,
    });
  }
  return json;
}

export function fromStoredContent(stored: StoredContent): TemplateContent {
  const { sampleDataJson, dataSchemaJson, ...rest } = stored;
  return {
    ...rest,
    // Copied, so that a caller editing the content cannot change what a later read of the record returns.
    tags: [...rest.tags],
    page: structuredClone(rest.page),
    sample_data: JSON.parse(sampleDataJson) as Record<string, unknown>,
    data_schema: dataSchemaJson === null ? null : (JSON.parse(dataSchemaJson) as JsonSchemaDocument),
    // Versions saved before the setting existed do not validate.
    validate_data: rest.validate_data === true,
  };
}

/**
 * A content built from pieces (a starter, a body, a version and a patch): core's schema checks and completes it,
 * and a version that asks for its data to be validated must have a schema that can validate it.
 */
export function completeContent(input: unknown): TemplateContent {
  const content = TemplateContent.parse(input);
  assertValidatable(content);
  return content;
}
