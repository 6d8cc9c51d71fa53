import { QuireError } from '@quire/core';
import { JSONPath } from 'jsonpath-plus';

/** The root: the whole document. */
export const ROOT_PATH = '$';

/**
 * A path segment that can match several values: a wildcard, recursive descent, a filter or script, a slice, a
 * union. A path without one (`$.data.items`, `$.rows[0]`) picks one value, which is returned as it is; a path with
 * one returns the list of its matches, even when it has one or none.
 */
function isIndefinite(segment: string): boolean {
  return (
    segment === '*' ||
    segment === '..' ||
    segment.startsWith('?(') ||
    segment.startsWith('(') ||
    segment.includes(',') ||
    /^-?\d*:-?\d*(:-?\d*)?$/.test(segment)
  );
}

const segmentsOf = (path: string) => JSONPath.toPathArray(path).slice(1);

/** Checks a data_path when it is saved. */
export function assertDataPath(path: string, param: string): void {
  const invalid = () =>
    new QuireError('validation_failed', { param, message: `${param}: not a JSONPath such as $.data.items` });
  if (!path.startsWith('$')) throw invalid();
  try {
    segmentsOf(path);
    pick({}, path);
  } catch (error) {
    if (QuireError.isInstance(error) && error.code === 'data_source_error') return;
    throw invalid();
  }
}

/**
 * The value at `path` in a JSON document. Filters run in jsonpath-plus's own evaluator ('safe'), never in
 * JavaScript's eval: a data path is user input.
 */
export function pick(json: unknown, path: string): unknown {
  const matches = JSONPath({ path, json: json as object, wrap: true, eval: 'safe' }) as unknown[];
  if (segmentsOf(path).some(isIndefinite)) return matches;
  if (matches.length === 0) {
    throw new QuireError('data_source_error', {
      message: `The data path ${path} matched nothing in the data.`,
      param: 'data_path',
    });
  }
  return matches[0];
}
