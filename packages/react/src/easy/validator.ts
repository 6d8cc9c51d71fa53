import {
  dereference,
  format as formats,
  type OutputUnit,
  type Schema,
  type SchemaDraft,
  validate,
} from '@cfworker/json-schema';
import {
  type CustomValidator,
  createErrorHandler,
  type ErrorTransformer,
  type FormContextType,
  getByPath,
  getDefaultFormState,
  getUiOptions,
  type RJSFSchema,
  type RJSFValidationError,
  ROOT_SCHEMA_PREFIX,
  toErrorSchema,
  toPath,
  type UiSchema,
  unwrapErrorHandler,
  type ValidationData,
  type ValidatorType,
  validationDataMerge,
  withIdRefPrefix,
} from '@rjsf/utils';

/**
 * react-jsonschema-form's validator without code generation. RJSF's own validator (Ajv) compiles every schema into
 * a function with `new Function`, which a Content-Security-Policy without 'unsafe-eval' refuses: the form then logs
 * an error and validates nothing. This one interprets the schema (@cfworker/json-schema, drafts 4, 7, 2019-09 and
 * 2020-12) and words its errors as Ajv does (`must have required property 'Name'`, `must match format "date"`…), so
 * the form shows the same messages at the same fields.
 */

// The formats RJSF adds to Ajv's for its own widgets (the colour picker and the file input), worded as RJSF words them.
const COLOR =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;
formats.color ??= (value) => COLOR.test(value);
formats['data-url'] ??= (value) => DATA_URL.test(value);

const DRAFTS: [RegExp, SchemaDraft][] = [
  [/draft-04/, '4'],
  [/draft-0[67]/, '7'],
  [/2019-09/, '2019-09'],
];

/** The draft a schema says it speaks; else 2020-12, the draft Quire writes its schemas in. */
const draftOf = (schema: RJSFSchema): SchemaDraft =>
  DRAFTS.find(([pattern]) => typeof schema.$schema === 'string' && pattern.test(schema.$schema))?.[1] ?? '2020-12';

/** A plain copy: the interpreter marks the schemas it reads, and the form's own must stay as they are. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The data as JSON, as Ajv sees it: a field set to `undefined` (a cleared input) is absent, and no data at all is
 * `null` (the interpreter takes JSON values only).
 */
const asJson = (data: unknown): unknown => (data === undefined ? null : JSON.parse(JSON.stringify(data)));

/** The segments of a JSON Pointer as the interpreter writes them (`#/a/b%20c`): decoded. */
const segments = (pointer: string): string[] =>
  pointer === '#' || pointer === ''
    ? []
    : pointer
        .replace(/^#?\//, '')
        .split('/')
        .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));

/** An error as Ajv reports it, with what RJSF reads of it. */
export interface SchemaError {
  keyword: string;
  /** The data's path as a JSON Pointer, '' for the data itself. */
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
  /** The schema holding the keyword that failed (its title names the field). */
  parentSchema?: Schema;
}

/** A schema made ready to check data against: a copy of it, and every schema it can reach, by URI (for `$ref`). */
interface Compiled {
  schema: Schema;
  draft: SchemaDraft;
  lookup: Record<string, Schema | boolean>;
}

/** The data checked against a compiled schema, every error (not only the first). */
const check = (compiled: Compiled, data: unknown) =>
  validate(asJson(data), compiled.schema, compiled.draft, compiled.lookup, false);

// Keywords that only say a subschema failed: the subschema's own errors say what is wrong.
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  '$ref',
  '$recursiveRef',
  'allOf',
  'dependentSchemas',
  'dependencies',
]);

export class InterpretingValidator<T = unknown, S extends RJSFSchema = RJSFSchema>
  implements ValidatorType<T, S, FormContextType>
{
  private compiled = new WeakMap<object, Compiled>();
  private withRoot = new WeakMap<object, WeakMap<object, Compiled>>();

  reset(): void {
    this.compiled = new WeakMap();
    this.withRoot = new WeakMap();
  }

  private compile(schema: S, rootSchema?: S): Compiled {
    if (rootSchema === undefined || rootSchema === schema) {
      let found = this.compiled.get(schema);
      if (!found) {
        const own = copy(schema) as Schema;
        found = { schema: own, draft: draftOf(schema), lookup: dereference(own) };
        this.compiled.set(schema, found);
      }
      return found;
    }
    // A part of the form's schema: its `$ref`s point into the whole, known by RJSF's name for it.
    let byRoot = this.withRoot.get(schema);
    if (!byRoot) {
      byRoot = new WeakMap();
      this.withRoot.set(schema, byRoot);
    }
    let found = byRoot.get(rootSchema);
    if (!found) {
      const own = copy(withIdRefPrefix<S>(schema)) as Schema;
      const lookup = dereference(own);
      dereference({ ...copy(rootSchema), $id: ROOT_SCHEMA_PREFIX } as Schema, lookup);
      found = { schema: own, draft: draftOf(rootSchema), lookup };
      byRoot.set(rootSchema, found);
    }
    return found;
  }

  /** The data checked against the schema: the errors in Ajv's shape, or why the schema cannot be used. */
  rawValidation<Result = SchemaError>(schema: S, formData?: T): { errors?: Result[]; validationError?: Error } {
    try {
      const compiled = this.compile(schema);
      const result = check(compiled, formData);
      return { errors: result.valid ? undefined : (toSchemaErrors(result.errors, compiled) as Result[]) };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
    try {
      return check(this.compile(schema, rootSchema), formData).valid;
    } catch (error) {
      console.warn('Error encountered compiling schema:', error);
      return false;
    }
  }

  validateFormData(
    formData: T | undefined,
    schema: S,
    customValidate?: CustomValidator<T, S, FormContextType>,
    transformErrors?: ErrorTransformer<T, S, FormContextType>,
    uiSchema?: UiSchema<T, S, FormContextType>,
  ): ValidationData<T> {
    const { errors: raw, validationError } = this.rawValidation(schema, formData);
    let errors = toRjsfErrors(raw ?? [], uiSchema, schema);
    if (validationError) errors = [...errors, { stack: validationError.message }];
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<T>(errors);
    if (validationError) {
      errorSchema = { ...errorSchema, $schema: { __errors: [validationError.message] } } as typeof errorSchema;
    }
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    // As RJSF's own validator does: the custom check sees the data with every field, set or not.
    const full = getDefaultFormState<T, S, FormContextType>(this, schema, formData, schema, true) as T;
    const handler = customValidate(full, createErrorHandler<T>(full), uiSchema, errorSchema);
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }
}

/** The schema at a schema path of the interpreter's (which runs through `$ref`s), with the node holding it. */
function schemaAt(compiled: Compiled, pointer: string): { value: unknown; parent?: Schema } {
  let node: unknown = compiled.schema;
  let parent: Schema | undefined;
  for (const segment of segments(pointer)) {
    if (node === null || typeof node !== 'object') return { value: undefined };
    parent = node as Schema;
    if (segment === '$ref') {
      const ref = parent.__absolute_ref__ ?? parent.$ref;
      node = typeof ref === 'string' ? compiled.lookup[ref] : undefined;
    } else node = (node as Record<string, unknown>)[segment];
  }
  return { value: node, parent };
}

const quote = (value: unknown) => `"${String(value)}"`;

/** Ajv's wording of a failed keyword (ajv-i18n's English), with the params RJSF and hosts read. */
function worded(keyword: string, value: unknown, unit: OutputUnit): Pick<SchemaError, 'message' | 'params'> {
  const limit = value as number;
  switch (keyword) {
    case 'type': {
      const type = Array.isArray(value) ? value.join(',') : String(value);
      return { message: `must be ${type}`, params: { type } };
    }
    case 'format':
      return { message: `must match format ${quote(value)}`, params: { format: value } };
    case 'pattern':
      return { message: `must match pattern ${quote(value)}`, params: { pattern: value } };
    case 'enum':
      return { message: 'must be equal to one of the allowed values', params: { allowedValues: value } };
    case 'const':
      return { message: 'must be equal to constant', params: { allowedValue: value } };
    case 'minimum':
      return { message: `must be >= ${limit}`, params: { comparison: '>=', limit } };
    case 'maximum':
      return { message: `must be <= ${limit}`, params: { comparison: '<=', limit } };
    case 'exclusiveMinimum':
      return { message: `must be > ${limit}`, params: { comparison: '>', limit } };
    case 'exclusiveMaximum':
      return { message: `must be < ${limit}`, params: { comparison: '<', limit } };
    case 'multipleOf':
      return { message: `must be multiple of ${limit}`, params: { multipleOf: limit } };
    case 'minLength':
      return { message: `must NOT have fewer than ${limit} characters`, params: { limit } };
    case 'maxLength':
      return { message: `must NOT have more than ${limit} characters`, params: { limit } };
    case 'minItems':
      return { message: `must NOT have fewer than ${limit} items`, params: { limit } };
    case 'maxItems':
      return { message: `must NOT have more than ${limit} items`, params: { limit } };
    case 'minProperties':
      return { message: `must NOT have fewer than ${limit} properties`, params: { limit } };
    case 'maxProperties':
      return { message: `must NOT have more than ${limit} properties`, params: { limit } };
    case 'uniqueItems': {
      const [, j, i] = /indexes (\d+) and (\d+)/.exec(unit.error) ?? [];
      return {
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
        params: { i: Number(i), j: Number(j) },
      };
    }
    case 'contains':
      return { message: 'must contain at least 1 valid item(s)', params: { minContains: 1 } };
    case 'minContains':
      return { message: `must contain at least ${limit} valid item(s)`, params: { minContains: limit } };
    case 'maxContains':
      return { message: `must contain at most ${limit} valid item(s)`, params: { maxContains: limit } };
    case 'anyOf':
      return { message: 'must match a schema in anyOf', params: {} };
    case 'oneOf':
      return { message: 'must match exactly one schema in oneOf', params: {} };
    case 'not':
      return { message: 'must NOT be valid', params: {} };
    case 'if': {
      const failingKeyword = /"else"/.test(unit.error) ? 'else' : 'then';
      return { message: `must match "${failingKeyword}" schema`, params: { failingKeyword } };
    }
    default:
      return { message: 'must be valid', params: {} };
  }
}

/** The interpreter's errors as Ajv's: each failing keyword at the data it fails, without the wrappers. */
function toSchemaErrors(units: OutputUnit[], compiled: Compiled): SchemaError[] {
  const errors: SchemaError[] = [];
  const seen = new Set<string>();
  units.forEach((unit, index) => {
    // The interpreter lists a keyword that ran a subschema, then the subschema's errors: at or under the keyword's
    // path, or (a schema of `false`) right after it.
    const next = units[index + 1];
    const nested =
      next?.keyword === 'false' || units.some((other) => other.keywordLocation.startsWith(`${unit.keywordLocation}/`));
    if (nested && WRAPPERS.has(unit.keyword)) return;
    // A schema of `false` is at the keyword before it (the interpreter gives the data's path as its schema path).
    const location = unit.keyword === 'false' ? (units[index - 1]?.keywordLocation ?? '#') : unit.keywordLocation;
    const data = segments(unit.instanceLocation);
    const keywordPath = segments(location);
    let error: Omit<SchemaError, 'instancePath' | 'schemaPath'>;
    if (unit.keyword === 'required' || unit.keyword === 'dependentRequired' || unit.keyword === 'dependencies') {
      // The field that is missing: what RJSF shows the error under.
      const [, property, missing] = /"([^"]*)"(?: but does not have "([^"]*)")?/.exec(unit.error) ?? [];
      const { parent } = schemaAt(compiled, unit.keywordLocation);
      if (unit.keyword === 'required') {
        error = {
          keyword: 'required',
          params: { missingProperty: property },
          message: `must have required property '${property}'`,
          parentSchema: parent,
        };
      } else {
        error = {
          keyword: 'dependencies',
          params: { property, missingProperty: missing, deps: missing, depsCount: 1 },
          message: `must have property ${missing} when property ${property} is present`,
          parentSchema: parent,
        };
      }
    } else if (unit.keyword === 'false') {
      // A schema of `false`: for a property no schema allows, Ajv says so at the object that has it.
      const holder = keywordPath.at(-1);
      if (holder === 'additionalProperties' || holder === 'unevaluatedProperties') {
        const property = data.pop();
        const { parent } = schemaAt(compiled, location);
        const param = holder === 'additionalProperties' ? 'additionalProperty' : 'unevaluatedProperty';
        error = {
          keyword: holder,
          params: { [param]: property },
          message: `must NOT have ${holder === 'additionalProperties' ? 'additional' : 'unevaluated'} properties`,
          parentSchema: parent,
        };
      } else {
        error = { keyword: 'false schema', params: {}, message: 'boolean schema is false' };
      }
    } else {
      const { value, parent } = schemaAt(compiled, unit.keywordLocation);
      error = { keyword: unit.keyword, ...worded(unit.keyword, value, unit), parentSchema: parent };
    }
    const instancePath = data.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    const key = `${instancePath} ${location} ${error.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push({ ...error, instancePath, schemaPath: location });
  });
  return errors;
}

/**
 * Ajv's errors as RJSF's, as RJSF's Ajv validator makes them: the data's path in dots (`.customer.name`; a missing
 * property's own path), and the field's title (the UI schema's, else the schema's) in place of the property name.
 */
function toRjsfErrors<T, S extends RJSFSchema>(
  errors: SchemaError[],
  uiSchema: UiSchema<T, S, FormContextType> | undefined,
  schema: S,
): RJSFValidationError[] {
  return errors.map(({ instancePath, keyword, params, schemaPath, parentSchema, message: raw }) => {
    let message = raw;
    let property = instancePath.replace(/\//g, '.');
    let stack = `${property} ${message}`.trim();
    let title = '';
    const named = [params.missingProperty, params.property].filter((name): name is string => typeof name === 'string');
    const parts = property.replace(/^\./, '').split('.').filter(Boolean);
    if (named.length > 0) {
      for (const name of named) {
        const path = property ? `${property}.${name}` : name;
        const fieldTitle =
          getUiOptions(getByPath<UiSchema | undefined>(uiSchema, toPath(path))).title ??
          getByPath<string | undefined>(parentSchema, ['properties', name, 'title']) ??
          getByPath<string | undefined>(schema, [
            ...parts.flatMap((part) => ['properties', part]),
            'properties',
            name,
            'title',
          ]);
        if (fieldTitle) {
          message = message.replace(`'${name}'`, `'${fieldTitle}'`);
          title = fieldTitle;
        }
      }
      stack = message;
    } else {
      const fieldTitle =
        getUiOptions(getByPath<UiSchema | undefined>(uiSchema, toPath(property))).title ??
        (typeof parentSchema?.title === 'string' ? parentSchema.title : undefined);
      if (fieldTitle) {
        stack = `'${fieldTitle}' ${message}`.trim();
        title = fieldTitle;
      }
    }
    if (typeof params.missingProperty === 'string') {
      property = property ? `${property}.${params.missingProperty}` : params.missingProperty;
    }
    return { name: keyword, property, message, params, stack, schemaPath, title };
  });
}

/** The validator the sample-data form uses: one for the page, its schemas kept while the form lives. */
const validator = new InterpretingValidator();
export default validator;
