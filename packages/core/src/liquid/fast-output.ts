import {
  type Context,
  type Template as LiquidTemplate,
  Output,
  type Token,
  toValue,
  toValueSync,
  UndefinedVariableError,
  Value,
} from 'liquidjs';

/**
 * LiquidJS evaluates `{{ row.amount | money }}` through a dozen nested generators (output, value, expression,
 * token, property access, each property, each filter), about 4 KB of allocations per output; a 2,000-row table
 * prints 14,000 of them, and that garbage was a quarter of what a long report allocated. The outputs that are a
 * plain path (`a.b.c`, `a[0]`, `a["b"]`) with filters are evaluated here by one generator calling the same
 * Context methods LiquidJS calls (`findScope`, `readProperty`) and the same filter handlers with the same `this`,
 * so drops, `size`/`first`/`last`, own-property rules and filter errors behave as before. Anything else (a
 * variable index such as `a[b]`, a range, a literal, strict variables) takes LiquidJS's own way.
 */
export function accelerateOutputs(templates: readonly LiquidTemplate[]): void {
  const seen = new Set<LiquidTemplate>();
  const visit = (list: readonly LiquidTemplate[]) => {
    for (const template of list) {
      if (seen.has(template)) continue;
      seen.add(template);
      if (template instanceof Output) accelerate((template as unknown as { value: Value }).value);
      // Block tags list their children for LiquidJS's own static analysis; partials are not followed (false).
      const children = (template as { children?: (partials: boolean, sync: boolean) => unknown }).children;
      if (typeof children === 'function') {
        const found = toValueSync(children.call(template, false, true));
        if (Array.isArray(found)) visit(found as LiquidTemplate[]);
      }
    }
  };
  visit(templates);
}

interface PathToken {
  variable?: unknown;
  props: Array<{ content?: unknown }>;
}

/** The parts of LiquidJS's Filter this module reads (public fields of its class). */
interface FilterParts {
  handler: (...args: unknown[]) => unknown;
  args: unknown[];
  token: unknown;
  liquid: unknown;
  render(value: unknown, context: Context): Generator<unknown, unknown, unknown>;
}

function plainPath(value: Value): { token: Token; path: Array<string | number> } | null {
  const postfix = (value.initial as unknown as { postfix?: unknown[] }).postfix;
  if (postfix?.length !== 1) return null;
  const token = postfix[0] as PathToken;
  if (!token || token.variable !== undefined || !Array.isArray(token.props) || token.props.length === 0) return null;
  const path: Array<string | number> = [];
  for (const prop of token.props) {
    if (!prop || !('content' in prop)) return null;
    const content = toValue(prop.content);
    if (typeof content !== 'string' && typeof content !== 'number') return null;
    path.push(content);
  }
  return typeof path[0] === 'string' ? { token: token as unknown as Token, path } : null;
}

const slowValue = Value.prototype.value;

interface ScopeFinder {
  findScope(key: string): unknown;
}

function accelerate(value: Value): void {
  const plain = plainPath(value);
  if (!plain) return;
  const { token, path } = plain;
  const root = path[0] as string;
  const filters = value.filters as unknown as FilterParts[];
  value.value = function* fastValue(this: Value, ctx: Context, lenient?: boolean) {
    // Strict variables throw with the path's location: LiquidJS's own way says that best.
    if (ctx.strictVariables) return yield* slowValue.call(this, ctx, lenient ?? false);
    // findScope is public in LiquidJS's JavaScript, private only in its typings; the version is pinned and the tests
    // compare both ways.
    let current: unknown = (ctx as unknown as ScopeFinder).findScope(root);
    try {
      for (const key of path) {
        current = ctx.readProperty(current as Parameters<Context['readProperty']>[0], key);
        if (needsDriver(current)) current = yield current;
      }
    } catch (error) {
      // As LiquidJS reports a property that could not be read.
      throw new UndefinedVariableError(error as Error, token);
    }
    for (const filter of filters) {
      if (filter.args.length > 0) {
        current = yield filter.render(current, ctx);
        continue;
      }
      current = filter.handler.call({ context: ctx, token: filter.token, liquid: filter.liquid }, current);
      if (needsDriver(current)) current = yield current;
    }
    return current;
  } as Value['value'];
}

/** What LiquidJS's drivers resolve when yielded: a generator (sync and async) or a promise (async). */
function needsDriver(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return (
    typeof (value as { next?: unknown }).next === 'function' || typeof (value as { then?: unknown }).then === 'function'
  );
}
