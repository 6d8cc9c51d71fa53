import {
  type Template as LiquidTemplate,
  Output,
  Tag,
  TypeGuards,
  toValueSync,
  Value,
  type ValueToken,
} from 'liquidjs';
import { TemplateError } from '../errors/quire-error';
import { NESTING_LIMITS } from '../limits/nesting';

/** What the way a variable is used says about its type. */
export type UsageHint =
  | 'number'
  | 'date'
  | 'array'
  | 'text'
  | 'condition'
  | 'object'
  | 'currency'
  | 'locale'
  | 'time_zone';

// What a variable passed as a filter's argument must be, by position.
const ARGUMENT_HINTS: Record<string, UsageHint[]> = {
  money: ['currency', 'locale'],
  number: ['number', 'locale'],
  percent: ['number', 'locale'],
  date: ['text', 'time_zone', 'locale'],
  plus: ['number'],
  minus: ['number'],
  times: ['number'],
  divided_by: ['number'],
  modulo: ['number'],
  at_least: ['number'],
  at_most: ['number'],
  round: ['number'],
  truncate: ['number'],
  qr: ['number'],
  barcode: ['text', 'number'],
};
// Arguments that fall back to the engine's settings when the data leaves them out.
const DEFAULTED = new Set<UsageHint>(['currency', 'locale', 'time_zone']);

/**
 * One place a template reads data. `path` walks the data: property names, with `[]` for "each item of this
 * list" (`invoice.items[].price`).
 */
export interface VariableUsage {
  path: string[];
  hint: UsageHint;
  /** True when the template copes without it: tested in a condition, inside a branch, or given a `default`. */
  optional: boolean;
  line: number;
  column: number;
}

export const ITEM = '[]';

/**
 * Throws 422 template_too_deep when a data path has more steps than {@link NESTING_LIMITS}.variablePath: no data
 * nests that deep, the schema is built from the paths by recursion, and a chain of `assign`s could otherwise grow
 * one path by a step per tag.
 */
export function assertPathLength(path: readonly string[], line: number, column: number): void {
  const limit = NESTING_LIMITS.variablePath;
  if (path.length <= limit) return;
  throw new TemplateError('template_too_deep', {
    message: `A variable's path has more than ${limit} steps (line ${line}, column ${column}); at most ${limit} are allowed.`,
    line,
    column,
    details: { limit },
  });
}

const NUMBER_FILTERS = new Set([
  'money',
  'number',
  'percent',
  'plus',
  'minus',
  'times',
  'divided_by',
  'modulo',
  'round',
  'ceil',
  'floor',
  'abs',
  'at_least',
  'at_most',
]);
const ARRAY_FILTERS = new Set([
  'sum',
  'avg',
  'min',
  'max',
  'sort_by',
  'sort',
  'sort_natural',
  'group_by',
  'where',
  'map',
  'first',
  'last',
  'join',
  'size',
  'reverse',
  'uniq',
  'compact',
  'concat',
  'bar_chart',
  'line_chart',
  'pie_chart',
]);
// Filters over lists whose first argument names a property of each item.
const ITEM_PROPERTY_FILTERS: Record<string, UsageHint> = {
  sum: 'number',
  avg: 'number',
  min: 'number',
  max: 'number',
  sort_by: 'text',
  group_by: 'text',
  where: 'text',
  map: 'text',
};
// Chart filters name each item's label, then one or more of its values: `bar_chart: "month", "revenue", "costs"`.
const CHART_FILTERS = new Set(['bar_chart', 'line_chart', 'pie_chart']);
// Filters that hand back items of the same shape, so that a loop over their result still walks the data.
const SAME_ITEMS = new Set(['sort_by', 'sort', 'sort_natural', 'where', 'reverse', 'uniq', 'compact', 'slice']);
// Filters after which a variable still holds the same data (`assign shipping = order.shipping | default: 0`).
const SAME_VALUE = new Set([...SAME_ITEMS, 'default']);
const COMPARISONS = new Set(['>', '<', '>=', '<=']);

/**
 * A local name's meaning: a path into the data (optional when it came with a `default`), a group made by
 * `group_by` (its `items` are part of `list`, its `name` is the `key` of an item), or nothing from the data.
 */
type Binding = { path: string[]; optional?: boolean } | { groupOf: string[]; key: string[] | undefined } | null;

class Scope {
  private readonly frames: Map<string, Binding>[] = [new Map()];
  push(frame: Map<string, Binding> = new Map()): void {
    this.frames.push(frame);
  }
  pop(): void {
    this.frames.pop();
  }
  /** `assign`, `capture` and `increment` write to the template's outermost scope, even inside a loop. */
  set(name: string, binding: Binding): void {
    (this.frames[0] as Map<string, Binding>).set(name, binding);
  }
  lookup(name: string): Binding | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i] as Map<string, Binding>;
      if (frame.has(name)) return frame.get(name);
    }
    return undefined;
  }
}

interface Raw {
  segments: string[];
  line: number;
  column: number;
}

function segmentsOf(token: unknown, nested: Raw[]): string[] | undefined {
  if (!TypeGuards.isPropertyAccessToken(token)) return undefined;
  const out: string[] = [];
  const [first, ...rest] = token.props;
  if (first === undefined) return undefined;
  if (TypeGuards.isPropertyAccessToken(first)) {
    const inner = segmentsOf(first, nested);
    if (!inner) return undefined;
    out.push(...inner);
  } else if (TypeGuards.isWordToken(first) || TypeGuards.isQuotedToken(first)) {
    out.push(first.content);
  } else {
    return undefined; // a literal such as (1..5).size
  }
  for (const prop of rest) {
    if (TypeGuards.isQuotedToken(prop) || TypeGuards.isWordToken(prop)) out.push(prop.content);
    else {
      // items[0] and items[i] both read an item of a list.
      out.push(ITEM);
      const inner = segmentsOf(prop, nested);
      if (inner) nested.push({ segments: inner, ...position(prop) });
    }
  }
  return out;
}

function position(token: unknown): { line: number; column: number } {
  const [line, column] = (token as { getPosition(): [number, number] }).getPosition();
  return { line, column };
}

interface FilterLike {
  name: string;
  args: unknown[];
}

/** The variables a value expression reads, each with the hint its filters and operators give. */
function readsOf(
  initial: { postfix: unknown[] },
  filters: FilterLike[],
  mode: 'value' | 'condition',
): { reads: (Raw & { hint: UsageHint; optional: boolean })[]; itemProps: { property: string; hint: UsageHint }[] } {
  const reads: (Raw & { hint: UsageHint; optional: boolean })[] = [];
  const nested: Raw[] = [];
  // `default` keeps the value's type: `x | default: 0 | money` is a number.
  const typed = filters.filter((f) => f.name !== 'default');
  const first = typed[0]?.name;
  const single = initial.postfix.length === 1;
  const operators = initial.postfix.some((t) => TypeGuards.isOperatorToken(t));
  // In a condition, a bare path with no operator is only tested for truth.
  let hint: UsageHint = mode === 'condition' && !operators && !first ? 'condition' : 'text';
  if (single && first && NUMBER_FILTERS.has(first)) hint = 'number';
  else if (single && first === 'date') hint = 'date';
  else if (single && first && ARRAY_FILTERS.has(first)) hint = 'array';
  else if (single && !first && filters.some((f) => TypeGuards.isNumberToken(f.args[0]))) hint = 'number';
  const optional = filters.some((f) => f.name === 'default');
  const compared = initial.postfix.some((t) => TypeGuards.isOperatorToken(t) && COMPARISONS.has(t.operator));
  for (const token of initial.postfix) {
    if (TypeGuards.isRangeToken(token)) {
      for (const side of [token.lhs, token.rhs]) {
        const segs = segmentsOf(side, nested);
        if (segs) reads.push({ segments: segs, ...position(side), hint: 'number', optional });
      }
      continue;
    }
    const segs = segmentsOf(token, nested);
    if (segs) reads.push({ segments: segs, ...position(token), hint: compared ? 'number' : hint, optional });
  }
  for (const filter of filters) {
    filter.args.forEach((arg, index) => {
      const value = Array.isArray(arg) ? arg[1] : arg;
      const segs = segmentsOf(value, nested);
      const argHint = (!Array.isArray(arg) && ARGUMENT_HINTS[filter.name]?.[index]) || 'text';
      if (segs)
        reads.push({
          segments: segs,
          ...position(value),
          hint: argHint,
          optional: optional || DEFAULTED.has(argHint) || argHint === 'text',
        });
    });
  }
  for (const n of nested) reads.push({ ...n, hint: 'number', optional });
  const itemProps: { property: string; hint: UsageHint }[] = [];
  for (const filter of filters) {
    if (CHART_FILTERS.has(filter.name)) {
      // Keyword options (`title: "Revenue"`) come as [name, value] pairs and name no property; with no property
      // named, the items are the numbers themselves (an empty property is the item).
      const named = filter.args.filter((arg) => TypeGuards.isQuotedToken(arg));
      named.forEach((arg, index) => {
        itemProps.push({ property: arg.content, hint: index === 0 ? 'text' : 'number' });
      });
      if (named.length === 0) itemProps.push({ property: '', hint: 'number' });
      break;
    }
    const propHint = filter.name === 'where' ? whereHint(filter.args[1]) : ITEM_PROPERTY_FILTERS[filter.name];
    const arg = filter.args[0];
    if (propHint && TypeGuards.isQuotedToken(arg)) itemProps.push({ property: arg.content, hint: propHint });
    if (!SAME_ITEMS.has(filter.name) && !(filter.name in ITEM_PROPERTY_FILTERS)) break;
  }
  return { reads, itemProps };
}

/** `where: "paid", true` makes `paid` a flag, `where: "year", 2026` a number; without a value it is tested for truth. */
function whereHint(value: unknown): UsageHint {
  if (value === undefined) return 'condition';
  if (TypeGuards.isNumberToken(value)) return 'number';
  if (TypeGuards.isLiteralToken(value) && typeof value.content === 'boolean') return 'condition';
  return 'text';
}

function valueParts(arg: Value | ValueToken): { initial: { postfix: unknown[] }; filters: FilterLike[] } | undefined {
  if (arg instanceof Value) return { initial: arg.initial, filters: arg.filters };
  if (TypeGuards.isFilteredValueToken(arg)) return { initial: arg.initial, filters: arg.filters };
  if (TypeGuards.isValueToken(arg)) return { initial: { postfix: [arg] }, filters: [] };
  return undefined;
}

export interface AnalyseOptions {
  /** Names the renderer provides itself (`page_number`, `page_count` in headers and footers). */
  provided?: string[];
}

/**
 * Lists every data path a parsed template reads, following loops (`for item in invoice.items` makes
 * `item.price` read `invoice.items[].price`), assignments, `group_by` groups and partials.
 */
export function analyseVariables(templates: LiquidTemplate[], options: AnalyseOptions = {}): VariableUsage[] {
  const usages: VariableUsage[] = [];
  const scope = new Scope();
  for (const name of options.provided ?? []) scope.set(name, null);
  const seenPartials = new Set<string>();

  /** Resolves a raw path through the scope to a data path, or undefined for locals. */
  function resolve(segments: string[]): { path: string[]; optional: boolean } | undefined {
    const [root, ...rest] = segments;
    if (root === undefined) return undefined;
    const binding = scope.lookup(root);
    if (binding === undefined) return { path: segments, optional: false };
    if (binding === null) return undefined;
    if ('path' in binding) return { path: [...binding.path, ...rest], optional: binding.optional ?? false };
    // A group of group_by: its items are part of the grouped list and its name is an item's key; its size is no data.
    if (rest[0] === 'items') return { path: [...binding.groupOf, ...rest.slice(1)], optional: false };
    if (rest[0] === 'name' && binding.key) return { path: [...binding.groupOf, ITEM, ...binding.key], optional: false };
    return undefined;
  }

  /** What a name assigned from a value, or looping over it, stands for. */
  function bindingOf(value: unknown, read: { path?: string[]; filters: FilterLike[] }): Binding {
    const segments = segmentsOf(value, []);
    if (segments?.length === 1) {
      const bound = scope.lookup(segments[0] as string);
      if (bound && 'groupOf' in bound) return bound;
    }
    if (!read.path) return null;
    const groupBy = read.filters.find((f) => f.name === 'group_by');
    if (groupBy) {
      const key = groupBy.args[0];
      return { groupOf: read.path, key: TypeGuards.isQuotedToken(key) ? key.content.split('.') : undefined };
    }
    if (!read.filters.every((f) => SAME_VALUE.has(f.name))) return null;
    return { path: read.path, optional: read.filters.some((f) => f.name === 'default') };
  }

  function record(raw: Raw & { hint: UsageHint; optional: boolean }, inBranch: boolean): string[] | undefined {
    const resolved = resolve(raw.segments);
    if (!resolved || resolved.path.length === 0) return undefined;
    assertPathLength(resolved.path, raw.line, raw.column);
    const optional = raw.optional || resolved.optional || inBranch;
    usages.push({ path: resolved.path, hint: raw.hint, optional, line: raw.line, column: raw.column });
    return resolved.path;
  }

  /** Records a value's reads; returns the data path when the value is a single (possibly filtered) path. */
  function readValue(
    arg: Value | ValueToken,
    inBranch: boolean,
    hintOverride?: UsageHint,
    mode: 'value' | 'condition' = 'value',
  ): { path?: string[]; filters: FilterLike[] } {
    const parts = valueParts(arg);
    if (!parts) return { filters: [] };
    const { reads, itemProps } = readsOf(parts.initial, parts.filters, mode);
    let path: string[] | undefined;
    reads.forEach((raw, index) => {
      const recorded = record(hintOverride && index === 0 ? { ...raw, hint: hintOverride } : raw, inBranch);
      if (index === 0 && parts.initial.postfix.length === 1) path = recorded;
    });
    if (path) {
      for (const { property, hint } of itemProps) {
        const first = reads[0] as Raw;
        usages.push({
          path: [...path, ITEM, ...(property === '' ? [] : property.split('.'))],
          hint,
          optional: inBranch,
          line: first.line,
          column: first.column,
        });
      }
    }
    return path ? { path, filters: parts.filters } : { filters: parts.filters };
  }

  function children(node: LiquidTemplate, partials: boolean): LiquidTemplate[] {
    return node.children ? (toValueSync(node.children(partials, true)) as LiquidTemplate[]) : [];
  }

  function visit(node: LiquidTemplate, inBranch: boolean): void {
    // The analysis methods are optional on every node; `instanceof Tag` below would hide them from the types.
    const template: LiquidTemplate = node;
    if (node instanceof Output) {
      readValue(node.value, inBranch);
      return;
    }
    if (!(node instanceof Tag)) return;
    const tag = node as Tag & Record<string, unknown>;
    switch (tag.name) {
      case 'for':
      case 'tablerow': {
        const read = readValue(tag.collection as ValueToken, inBranch, 'array');
        for (const arg of template.arguments?.() ?? []) if (arg !== tag.collection) readValue(arg, inBranch);
        const list = bindingOf(tag.collection, read);
        // Looping over groups gives a group at a time; looping over a list gives its items.
        const binding: Binding =
          list && 'path' in list ? { path: [...list.path, ITEM], optional: list.optional } : list;
        scope.push(
          new Map<string, Binding>([
            [tag.variable as string, binding],
            ['forloop', null],
            ['tablerowloop', null],
          ]),
        );
        for (const child of children(node, true)) visit(child, inBranch);
        scope.pop();
        return;
      }
      case 'if':
      case 'unless':
      case 'case': {
        const mode = tag.name === 'case' ? 'value' : 'condition';
        for (const arg of template.arguments?.() ?? []) readValue(arg, true, undefined, mode);
        for (const child of children(node, true)) visit(child, true);
        return;
      }
      case 'assign': {
        const args = [...(template.arguments?.() ?? [])];
        const result = args[0] ? readValue(args[0], inBranch) : { filters: [] };
        const name = [...(template.localScope?.() ?? [])][0]?.content;
        if (name) scope.set(name, args[0] ? bindingOf(args[0], result) : null);
        return;
      }
      case 'render':
      case 'include': {
        const file = tag.file;
        if (typeof file !== 'string' || seenPartials.has(file)) return;
        seenPartials.add(file);
        const frame = new Map<string, Binding>();
        const hash = (tag.hash as { hash: Record<string, ValueToken | undefined> } | undefined)?.hash ?? {};
        for (const [key, value] of Object.entries(hash)) {
          const path = value ? readValue(value, inBranch).path : undefined;
          frame.set(key, path ? { path } : null);
        }
        const withBinding = tag.with as { value: ValueToken; alias?: string } | undefined;
        if (withBinding) {
          const { path } = readValue(withBinding.value, inBranch);
          frame.set(withBinding.alias ?? file, path ? { path } : null);
        }
        const forBinding = tag.forBinding as { value: ValueToken; alias?: string } | undefined;
        if (forBinding) {
          const { path } = readValue(forBinding.value, inBranch, 'array');
          frame.set(forBinding.alias ?? file, path ? { path: [...path, ITEM] } : null);
          frame.set('forloop', null);
        }
        scope.push(frame);
        for (const child of children(node, true)) visit(child, inBranch);
        scope.pop();
        seenPartials.delete(file);
        return;
      }
      default: {
        for (const arg of template.arguments?.() ?? []) readValue(arg, inBranch);
        for (const ident of template.localScope?.() ?? []) scope.set(ident.content, null);
        const block = template.blockScope ? [...template.blockScope()] : [];
        if (block.length) scope.push(new Map(block.map((n) => [n, null])));
        for (const child of children(node, true)) visit(child, inBranch);
        if (block.length) scope.pop();
      }
    }
  }

  for (const node of templates) visit(node, false);
  return usages;
}
