/**
 * Replaces the `var(--name, fallback)` references in a value (nested ones and those in fallbacks too).
 * Undefined when a reference has neither a value nor a fallback: the declaration is then invalid at
 * computed-value time, as in CSS.
 */
export function substituteVars(text: string, lookup: (name: string) => string | undefined): string | undefined {
  let out = '';
  let from = 0;
  for (;;) {
    const start = findVar(text, from);
    if (start === -1) return out + text.slice(from);
    const end = closingParen(text, start + 3);
    if (end === -1) return undefined;
    const inner = text.slice(start + 4, end);
    const comma = topLevelComma(inner);
    const name = (comma === -1 ? inner : inner.slice(0, comma)).trim();
    let value = lookup(name);
    if (value === undefined && comma !== -1) value = substituteVars(inner.slice(comma + 1).trim(), lookup);
    if (value === undefined) return undefined;
    out += text.slice(from, start) + value;
    from = end + 1;
  }
}

export function hasVar(text: string): boolean {
  return findVar(text, 0) !== -1;
}

function findVar(text: string, from: number): number {
  for (let i = text.indexOf('(', from); i !== -1; i = text.indexOf('(', i + 1)) {
    if (i >= 3 && text.slice(i - 3, i).toLowerCase() === 'var' && !/[\w-]/.test(text[i - 4] ?? '')) return i - 3;
  }
  return -1;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

function topLevelComma(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) return i;
  }
  return -1;
}

/**
 * An element's custom properties: its parent's, overridden by its own declarations, each with its own var()
 * references substituted (a cycle makes every property in it invalid, that is unset).
 */
export function computeCustomProperties(
  declared: Map<string, string>,
  inherited: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  if (declared.size === 0) return inherited;
  const computed = new Map(inherited);
  const state = new Map<string, 'pending' | 'done'>();
  const stack: string[] = [];
  const cyclic = new Set<string>();
  const resolve = (name: string): string | undefined => {
    const own = declared.get(name);
    if (own === undefined || state.get(name) === 'done') return computed.get(name);
    if (state.get(name) === 'pending') {
      for (let i = stack.lastIndexOf(name); i < stack.length; i++) cyclic.add(stack[i] as string);
      return undefined;
    }
    state.set(name, 'pending');
    stack.push(name);
    const keyword = own.trim().toLowerCase();
    let value: string | undefined;
    if (keyword === 'inherit') value = inherited.get(name);
    else if (keyword === 'initial' || keyword === 'unset' || keyword === 'revert') value = undefined;
    else value = hasVar(own) ? substituteVars(own, resolve) : own;
    stack.pop();
    // Every name in a cycle is invalid, fallbacks or not.
    if (cyclic.has(name)) value = undefined;
    state.set(name, 'done');
    if (value === undefined) computed.delete(name);
    else computed.set(name, value);
    return value;
  };
  for (const name of declared.keys()) resolve(name);
  return computed;
}
