import { z } from 'zod';

// A registry-wide symbol: an error from another installed copy of @quire/react is still recognised.
const MARKER = Symbol.for('@quire/react/QuirePropsError');

export interface PropsProblem {
  /** The prop, as a dot path (`permissions.publish`). */
  path: string;
  message: string;
}

/**
 * Thrown while rendering when a component gets props it cannot use. The message names the component and every
 * wrong prop, so that it reads well in the host's error overlay: `<TemplateBuilder> got invalid props: …`.
 */
export class QuirePropsError extends Error {
  readonly code = 'invalid_props';
  readonly component: string;
  readonly problems: PropsProblem[];

  constructor(component: string, problems: PropsProblem[]) {
    const lines = problems.map((p) => `  - ${p.path ? `${p.path}: ` : ''}${p.message}`);
    super(`<${component}> got invalid props:\n${lines.join('\n')}`);
    this.name = 'QuirePropsError';
    this.component = component;
    this.problems = problems;
    Object.defineProperty(this, MARKER, { value: true });
  }

  static isInstance(value: unknown): value is QuirePropsError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** A function prop (zod 4 has no function schema that checks a plain value). */
export const fn = <T extends (...args: never[]) => unknown>(description = 'a function') =>
  z.custom<T>((value) => typeof value === 'function', { message: `Expected ${description}` });

/** Edit distance, to suggest the prop a typo meant. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}

function knownKeys(schema: z.ZodType, path: PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    }
    current = current instanceof z.ZodObject ? (current.shape[String(key)] as z.ZodType | undefined) : undefined;
    if (!current) return [];
  }
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
    current = current.unwrap() as z.ZodType;
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function problemsOf(schema: z.ZodType, input: unknown, error: z.ZodError): PropsProblem[] {
  const problems: PropsProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(schema, issue.path);
      for (const key of issue.keys) {
        const near = known
          .map((name) => ({ name, d: distance(key.toLowerCase(), name.toLowerCase()) }))
          .filter((k) => k.d <= Math.max(2, Math.floor(key.length / 3)))
          .sort((a, b) => a.d - b.d)[0];
        problems.push({
          path: path ? `${path}.${key}` : key,
          message: `is not a prop of this component${near ? ` (did you mean "${near.name}"?)` : ''}`,
        });
      }
      continue;
    }
    const received = valueAt(input, issue.path);
    const got = received === undefined || issue.code === 'custom' ? '' : ` (got ${describe(received)})`;
    problems.push({ path, message: `${issue.message}${got}` });
  }
  return problems;
}

/** Checks a component's props against its schema: answers the parsed props or throws a QuirePropsError. */
export function parseProps<S extends z.ZodType>(component: string, schema: S, props: unknown): z.infer<S> {
  const result = schema.safeParse(props);
  if (result.success) return result.data;
  throw new QuirePropsError(component, problemsOf(schema, props, result.error));
}
