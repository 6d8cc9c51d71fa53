import { type DataNode, findNode } from '../builder/analysis';

/** A short text of a sample value, for completion details and hovers. */
export function sampleText(value: unknown, max = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Names bound in the text before a position: loop variables (`for item in invoice.items` binds `item` to the
 * items of `invoice.items`) and assignments (`assign rows = report.rows | sort_by: "x"` binds `rows` to
 * `report.rows`). The innermost (last) binding of a name wins.
 */
export function bindings(textBefore: string): Map<string, string[]> {
  const bound = new Map<string, string[]>();
  const pattern = /\{%-?\s*(?:for\s+(\w+)\s+in\s+([\w.[\]]+)|assign\s+(\w+)\s*=\s*([\w.[\]]+))/g;
  for (const match of textBefore.matchAll(pattern)) {
    if (match[1] && match[2]) bound.set(match[1], [...splitPath(match[2]), '[]']);
    else if (match[3] && match[4]) bound.set(match[3], splitPath(match[4]));
  }
  return bound;
}

/** `invoice.items[0].price` → ['invoice', 'items', '[]', 'price']. */
export function splitPath(path: string): string[] {
  const segments: string[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[]*)((?:\[[^\]]*\])*)$/.exec(part);
    if (!match) continue;
    if (match[1]) segments.push(match[1]);
    for (const _ of (match[2] ?? '').matchAll(/\[[^\]]*\]/g)) segments.push('[]');
  }
  return segments;
}

/** Liquid's ways to reach into a list: `items.first`, `items[0]`, `items.last`. */
const ITEM_WORDS = new Set(['[]', 'first', 'last']);

/**
 * The data node a Liquid path reaches, with loop variables and assignments resolved through the text before
 * the position: `item.price` inside `{% for item in invoice.items %}` is `invoice.items[].price`.
 */
export function resolvePath(tree: DataNode[], path: readonly string[], textBefore: string): DataNode | undefined {
  const bound = bindings(textBefore);
  let segments = [...path];
  // Expand bound names (a binding may name another bound name, as in nested loops).
  for (let depth = 0; depth < 8; depth++) {
    const head = segments[0];
    const target = head === undefined ? undefined : bound.get(head);
    if (!target) break;
    segments = [...target, ...segments.slice(1)];
    bound.delete(head as string);
  }
  let node: DataNode | undefined;
  let level = tree;
  for (const segment of segments) {
    if (ITEM_WORDS.has(segment)) {
      if (!node?.item) return undefined;
      node = node.item;
      level = node.children;
      continue;
    }
    node = level.find((n) => n.name === segment);
    if (!node) return undefined;
    level = node.children;
  }
  return node;
}

/** The children of a node (the items' fields for a list), for property completions. */
export function childrenOf(node: DataNode | undefined): DataNode[] {
  if (!node) return [];
  return node.item ? node.item.children : node.children;
}

export { findNode };
