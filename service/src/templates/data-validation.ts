import { type JsonSchemaDocument, QuireError, type TemplateContent } from '@quire/core';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One place where the data does not match: a dot path (`customer.name`, `items[2].qty`; '' for the data itself). */
export interface DataProblem {
  path: string;
  /** The JSON Schema keyword that failed (`required`, `type`, `format`…). */
  keyword: string;
  message: string;
}

/** Problems named in an error; the rest are counted. */
const MAX_PROBLEMS = 20;
/** Compiled schemas kept, by their text. */
const CACHE_SIZE = 200;

const compiled = new Map<string, ValidateFunction>();

/**
 * A validator for a data schema (JSON Schema 2020-12, formats such as `date` and `email` checked), compiled once per
 * distinct schema. Each gets an Ajv of its own: two templates may give different schemas the same `$id`, and Ajv
 * would otherwise keep every schema it ever compiled. Throws Ajv's error for a schema it cannot use.
 */
function validatorOf(schema: JsonSchemaDocument): ValidateFunction {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) {
    // Most recently used last.
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  // strict: false, since users' schemas carry keywords of their own (`x-…`, editor hints), which are ignored.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validate);
  return validate;
}

/**
 * Throws 400 validation_failed when a version asks for its data to be validated but cannot be: `validate_data`
 * without a `data_schema`, or a schema that is not one Ajv can compile. Run on every save, so that a report never
 * meets a validation it cannot run.
 */
export function assertValidatable(content: TemplateContent): void {
  if (!content.validate_data) return;
  if (content.data_schema === null) {
    throw new QuireError('validation_failed', {
      param: 'validate_data',
      message: 'validate_data: reports can only be validated against a data_schema; send one with it',
    });
  }
  try {
    validatorOf(content.data_schema);
  } catch (error) {
    throw new QuireError('validation_failed', {
      param: 'data_schema',
      message: `data_schema: not a JSON Schema that data can be validated against (${(error as Error).message})`,
      cause: error,
    });
  }
}

/** JSON Pointer segments (`/items/2/qty`) as a dot path (`items[2].qty`). */
function dotPath(pointer: string, child?: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (child !== undefined) segments.push(child);
  let path = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

function problemOf(error: ErrorObject): DataProblem {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty !== undefined) {
    return { path: dotPath(error.instancePath, params.missingProperty), keyword: 'required', message: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return {
      path: dotPath(error.instancePath, params.additionalProperty),
      keyword: 'additionalProperties',
      message: 'is not allowed',
    };
  }
  return { path: dotPath(error.instancePath), keyword: error.keyword, message: error.message ?? 'is not valid' };
}

/**
 * Throws 422 data_invalid when the version asks for validation and the data does not match its data_schema. The
 * error's `errors` list the paths that fail (at most 20; `error_count` counts them all); `param` is where the
 * data sits in the request (`data`, `items.3.data`).
 */
export function assertDataValid(content: TemplateContent, data: unknown, param = 'data'): void {
  if (!content.validate_data || content.data_schema === null) return;
  const validate = validatorOf(content.data_schema);
  if (validate(data)) return;
  const problems: DataProblem[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const problem = problemOf(error);
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  const named = problems.slice(0, MAX_PROBLEMS);
  const listed = named
    .slice(0, 3)
    .map((p) => `${p.path || 'the data'} ${p.message}`)
    .join('; ');
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
  throw new QuireError('data_invalid', {
    param,
    message: `The data does not match the template schema: ${listed}${more}.`,
    details: { errors: named, error_count: problems.length },
  });
}
