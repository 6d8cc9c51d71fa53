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
 * plain path (`a.b.c`, `a[0]`, `a["b"]`) with filters are rendered here by plain function calls to the same
 * Context methods LiquidJS calls (`findScope`, `readProperty`) and the same filter handlers with the same `this`,
 * so drops, `size`/`first`/`last`, own-property rules and filter errors behave as before; a step whose value
 * LiquidJS's driver has to resolve (a drop's generator or promise, a filter with arguments, an asynchronous
 * filter) hands the rest of the output to the driver as a generator. Anything else (a variable index such as
 * `a[b]`, a range, a literal, strict variables) takes LiquidJS's own way.
 */
export function accelerateOutputs(templates: readonly LiquidTemplate[]): void {
  const seen = new Set<LiquidTemplate>();
  const visit = (list: readonly LiquidTemplate[]) => {
    for (const template of list) {
      if (seen.has(template)) continue;
      seen.add(template);
      if (template instanceof Output) accelerate(template);
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
const slowRender = Output.prototype.render;

interface ScopeFinder {
  findScope(key: string): unknown;
}

/** An output's path and filters: the steps that evaluate it, path reads first. */
interface Plan {
  token: Token;
  root: string;
  path: Array<string | number>;
  filters: FilterParts[];
  steps: number;
}

// findScope is public in LiquidJS's JavaScript, private only in its typings; the version is pinned and the tests
// compare both ways.
const scopeOf = (ctx: Context, plan: Plan): unknown => (ctx as unknown as ScopeFinder).findScope(plan.root);

/** Step `index` of the plan on `current`: its value, or what LiquidJS's driver has to resolve first. */
function step(plan: Plan, ctx: Context, index: number, current: unknown): unknown {
  if (index < plan.path.length) {
    try {
      return ctx.readProperty(current as Parameters<Context['readProperty']>[0], plan.path[index] as string);
    } catch (error) {
      // As LiquidJS reports a property that could not be read.
      throw new UndefinedVariableError(error as Error, plan.token);
    }
  }
  const filter = plan.filters[index - plan.path.length] as FilterParts;
  // A filter with arguments evaluates them through LiquidJS (a generator, for the driver).
  if (filter.args.length > 0) return filter.render(current, ctx);
  return filter.handler.call({ context: ctx, token: filter.token, liquid: filter.liquid }, current);
}

/** The steps from `from` on, as a generator for LiquidJS's driver, starting with a value it has to resolve. */
function* evaluateFrom(plan: Plan, ctx: Context, from: number, pending: unknown): Generator<unknown, unknown, unknown> {
  let current = yield* resolve(plan, from, pending);
  for (let i = from + 1; i < plan.steps; i++) {
    const next = step(plan, ctx, i, current);
    current = needsDriver(next) ? yield* resolve(plan, i, next) : next;
  }
  return current;
}

/** A step's value resolved by the driver; a path read that fails there is reported as LiquidJS reports it. */
function* resolve(plan: Plan, index: number, pending: unknown): Generator<unknown, unknown, unknown> {
  try {
    return yield pending;
  } catch (error) {
    if (index < plan.path.length) throw new UndefinedVariableError(error as Error, plan.token);
    throw error;
  }
}

/** The plan's value without a generator, or the generator that finishes it when a step needs the driver. */
function evaluate(plan: Plan, ctx: Context): { value: unknown } | { rest: Generator<unknown, unknown, unknown> } {
  let current = scopeOf(ctx, plan);
  for (let i = 0; i < plan.steps; i++) {
    const next = step(plan, ctx, i, current);
    if (needsDriver(next)) return { rest: evaluateFrom(plan, ctx, i, next) };
    current = next;
  }
  return { value: current };
}

function* writeDriven(emitter: Emitter, rest: Generator<unknown, unknown, unknown> | null, value: unknown) {
  const result = rest ? yield* rest : value;
  const shown = toValue(result);
  emitter.write(needsDriver(shown) ? yield shown : shown);
}

interface Emitter {
  write(html: unknown): void;
}

function accelerate(output: Output): void {
  const value = (output as unknown as { value: Value }).value;
  const plain = plainPath(value);
  if (!plain) return;
  const filters = value.filters as unknown as FilterParts[];
  const plan: Plan = { ...plain, root: plain.path[0] as string, filters, steps: plain.path.length + filters.length };
  // What LiquidJS's other callers of the value get (a generator, as they expect).
  value.value = function* fastValue(this: Value, ctx: Context, lenient?: boolean) {
    // Strict variables throw with the path's location: LiquidJS's own way says that best.
    if (ctx.strictVariables) return yield* slowValue.call(this, ctx, lenient ?? false);
    const done = evaluate(plan, ctx);
    return 'value' in done ? done.value : yield* done.rest;
  } as Value['value'];
  // Rendering the output: no generator at all unless a step needs LiquidJS's driver (a drop's generator, a filter
  // with arguments, an asynchronous filter), whose generator is then handed back for renderTemplates to drive.
  output.render = function fastRender(this: Output, ctx: Context, emitter: Emitter) {
    if (ctx.strictVariables) return slowRender.call(this, ctx, emitter as never);
    const done = evaluate(plan, ctx);
    if ('rest' in done) return writeDriven(emitter, done.rest, undefined);
    const shown = toValue(done.value);
    if (needsDriver(shown)) return writeDriven(emitter, null, shown);
    emitter.write(shown);
    return undefined;
  } as unknown as Output['render'];
}

/** What LiquidJS's drivers resolve when yielded: a generator (sync and async) or a promise (async). */
function needsDriver(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return (
    typeof (value as { next?: unknown }).next === 'function' || typeof (value as { then?: unknown }).then === 'function'
  );
}
