import type { JsonSchema } from '@quire/core';

/**
 * Data a template meets in production but rarely in its sample: the verify loop renders the template with each of
 * these besides the sample, so a layout that only works for three tidy rows is caught before anyone saves it.
 * Each set changes one thing at a time, so a finding says which kind of data broke the template.
 */

export type DataSetName =
  | 'sample'
  | 'empty_lists'
  | 'long_lists'
  | 'long_text'
  | 'long_words'
  | 'missing_optional'
  | 'non_latin'
  | 'cjk';

export interface DataSet {
  name: DataSetName;
  description: string;
  data: Record<string, unknown>;
}

export const LONG_LIST_ROWS = 300;
const LONG_TEXT_CHARS = 500;

/** 500 characters with no space: an id, a URL or a word a table cell cannot break between words. */
const UNBROKEN = 'Q'.repeat(LONG_TEXT_CHARS);
/** 500 characters of words. */
const WORDS = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. '
  .repeat(6)
  .slice(0, LONG_TEXT_CHARS)
  .trimEnd();
/** Scripts the bundled Noto fonts draw: Greek, Cyrillic and Arabic (right to left). */
const NON_LATIN = ['Καλημέρα κόσμε, ευχαριστούμε', 'Добрый день, спасибо за заказ', 'مرحبا بكم، شكرا لطلبكم'];
/** No bundled font has CJK glyphs: this set is expected to report missing_glyphs (a known limitation). */
const CJK = '你好，世界。ご注文ありがとうございます。감사합니다';

type Json = unknown;
type Path = (string | number)[];

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema node of a property or of a list's items (undefined when the schema says nothing there). */
function child(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!schema) return undefined;
  if (typeof key === 'number') return isObject(schema.items) ? (schema.items as JsonSchema) : undefined;
  const properties = schema.properties;
  return isObject(properties) && isObject(properties[key]) ? (properties[key] as JsonSchema) : undefined;
}

/**
 * Free text a person typed (a name, a description, a note), which can be long or in any script; as opposed to
 * numbers written as text, dates, codes (`USD`, `en-US`, `Europe/Paris`, `INV-0042`), URLs and addresses, which
 * filters parse (`money`, `date`, `barcode`) and which neither grow to 500 characters nor turn Greek.
 */
function isFreeText(value: Json, schema: JsonSchema | undefined): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  if (schema) {
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.length > 0 && !types.includes('string')) return false;
    if (schema.format !== undefined || schema.enum !== undefined || schema.description !== undefined) return false;
  }
  if (/^[-+]?[\d\s.,%$€£¥]+$/.test(value)) return false;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^\S+@\S+$/.test(value) || value.includes('/')) return false;
  // Codes and identifiers: one short word with digits, or capitals only (USD, en-US, INV-0042, SKU-7).
  if (!/\s/.test(value) && value.length <= 24 && (/\d/.test(value) || /^[A-Z_-]+$/.test(value))) return false;
  if (/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/.test(value)) return false;
  return true;
}

/** A deep copy of `value` with `change` applied bottom-up to every node; `change` gets the node's schema and path. */
function transform(
  value: Json,
  schema: JsonSchema | undefined,
  change: (node: Json, schema: JsonSchema | undefined, path: Path) => Json,
  path: Path = [],
): Json {
  let copy: Json = value;
  if (Array.isArray(value)) {
    copy = value.map((item, index) => transform(item, child(schema, index), change, [...path, index]));
  } else if (isObject(value)) {
    copy = Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, transform(item, child(schema, key), change, [...path, key])]),
    );
  }
  return change(copy, schema, path);
}

/** Whether any node of the data satisfies `test`. */
function some(value: Json, test: (node: Json, path: Path) => boolean, path: Path = []): boolean {
  if (test(value, path)) return true;
  if (Array.isArray(value)) return value.some((item, index) => some(item, test, [...path, index]));
  if (isObject(value)) return Object.entries(value).some(([key, item]) => some(item, test, [...path, key]));
  return false;
}

const insideList = (path: Path) => path.some((segment) => typeof segment === 'number');
const isRowList = (node: Json): node is Json[] => Array.isArray(node) && node.length > 0 && node.every(isObject);

function grow(rows: Json[]): Json[] {
  return Array.from({ length: LONG_LIST_ROWS }, (_, index) => structuredClone(rows[index % rows.length]));
}

/** The optional properties of an object node: those its schema lists but does not require. */
function optionalKeys(node: Record<string, Json>, schema: JsonSchema | undefined): string[] {
  if (!schema || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.keys(node).filter((key) => key in (schema.properties as object) && !required.has(key));
}

/**
 * The sample and the edge cases that apply to it: sets that would change nothing (no lists to empty, no optional
 * field to drop, no free text) are left out. `schema` is the data's schema (the template's, merged with the one the
 * user gave): it says which fields are optional and which strings are free text.
 */
export function dataSets(sample: Record<string, unknown>, schema?: JsonSchema): DataSet[] {
  const sets: DataSet[] = [{ name: 'sample', description: 'The sample data', data: sample }];
  const add = (name: DataSetName, description: string, data: Json) => {
    sets.push({ name, description, data: data as Record<string, unknown> });
  };
  const texts = (write: (text: string, index: number) => string) => {
    let count = 0;
    return transform(sample, schema, (node, nodeSchema) =>
      isFreeText(node, nodeSchema) ? write(node, count++) : node,
    );
  };

  if (some(sample, (node) => Array.isArray(node) && node.length > 0)) {
    add(
      'empty_lists',
      'Every list empty',
      transform(sample, schema, (node) => (Array.isArray(node) ? [] : node)),
    );
  }
  // Only lists of rows that are not inside another list: 300 × 300 nested rows would test the time limit, not the
  // layout; and a list of address lines or tags does not grow to 300 in practice.
  if (some(sample, (node, path) => isRowList(node) && !insideList(path))) {
    add(
      'long_lists',
      `Every list of rows with ${LONG_LIST_ROWS} rows`,
      transform(sample, schema, (node, _s, path) => (isRowList(node) && !insideList(path) ? grow(node) : node)),
    );
  }
  if (some(sample, (node) => typeof node === 'string')) {
    const longText = texts(() => UNBROKEN);
    if (JSON.stringify(longText) !== JSON.stringify(sample)) {
      add('long_text', `Free text ${LONG_TEXT_CHARS} characters long with no space`, longText);
      add(
        'long_words',
        `Free text ${LONG_TEXT_CHARS} characters long, in words`,
        texts(() => WORDS),
      );
      add(
        'non_latin',
        'Free text in Greek, Cyrillic and Arabic',
        texts((_text, index) => NON_LATIN[index % NON_LATIN.length] as string),
      );
      add(
        'cjk',
        'Free text in Chinese, Japanese and Korean',
        texts(() => CJK),
      );
    }
  }
  const withoutOptional = transform(sample, schema, (node, nodeSchema) => {
    if (!isObject(node)) return node;
    const drop = new Set(optionalKeys(node, nodeSchema));
    return drop.size === 0 ? node : Object.fromEntries(Object.entries(node).filter(([key]) => !drop.has(key)));
  });
  if (JSON.stringify(withoutOptional) !== JSON.stringify(sample)) {
    add('missing_optional', 'Every optional field left out', withoutOptional);
  }
  return sets;
}

/** Rows in the data's lists (nested ones included): how many pages a sample may fairly take. */
export function rowCount(data: Json): number {
  let rows = 0;
  some(data, (node) => {
    if (Array.isArray(node)) rows += node.length;
    return false;
  });
  return rows;
}
