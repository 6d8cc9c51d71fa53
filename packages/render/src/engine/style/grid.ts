import type { CssNode } from 'css-tree';
import type { GridLine, TrackBreadth, TrackList, TrackSize } from './computed-style';
import type { PropertyContext } from './longhands';
import { toLength } from './values';

/**
 * CSS Grid's values as the style stage computes them: track lists (lengths, percentages, `fr`, `auto`,
 * `min-content`, `max-content`, `minmax()`, `repeat()` with a count or `auto-fill`/`auto-fit`; line names are
 * skipped), grid lines (`auto`, a number, `span n`, an area's name) and `grid-template-areas`.
 */

const args = (node: CssNode & { type: 'Function' }): CssNode[][] => {
  const groups: CssNode[][] = [[]];
  for (const child of node.children.toArray()) {
    if (child.type === 'Operator' && child.value === ',') groups.push([]);
    else if (child.type !== 'WhiteSpace') (groups[groups.length - 1] as CssNode[]).push(child);
  }
  return groups;
};

function breadth(node: CssNode, c: PropertyContext): TrackBreadth | undefined {
  if (node.type === 'Identifier') {
    const name = node.name.toLowerCase();
    if (name === 'auto' || name === 'min-content' || name === 'max-content') return { kind: name };
    return undefined;
  }
  if (node.type === 'Dimension' && node.unit.toLowerCase() === 'fr') {
    const value = Number(node.value);
    return value >= 0 ? { kind: 'fr', value } : undefined;
  }
  const value = toLength(node, c);
  return value && value.pt >= 0 && value.pct >= 0 ? { kind: 'length', value } : undefined;
}

function trackSize(node: CssNode, c: PropertyContext): TrackSize | undefined {
  if (node.type === 'Function' && node.name.toLowerCase() === 'minmax') {
    const [a, b] = args(node);
    if (a?.length !== 1 || b?.length !== 1) return undefined;
    const min = breadth(a[0] as CssNode, c);
    const max = breadth(b[0] as CssNode, c);
    // A flexible minimum is invalid (CSS Grid §7.2.3).
    return min && max && min.kind !== 'fr' ? { min, max } : undefined;
  }
  const size = breadth(node, c);
  if (!size) return undefined;
  // `1fr` is minmax(auto, 1fr).
  return size.kind === 'fr' ? { min: { kind: 'auto' }, max: size } : { min: size, max: size };
}

export function trackList(nodes: CssNode[], c: PropertyContext): TrackList | undefined {
  if (nodes.length === 1 && nodes[0]?.type === 'Identifier' && nodes[0].name.toLowerCase() === 'none') return [];
  const list: TrackList = [];
  for (const node of nodes) {
    if (node.type === 'Brackets') continue;
    if (node.type === 'Function' && node.name.toLowerCase() === 'repeat') {
      const [count, ...rest] = args(node);
      const tracks = (rest[0] ?? []).filter((n) => n.type !== 'Brackets').map((n) => trackSize(n, c));
      if (count?.length !== 1 || rest.length !== 1 || tracks.length === 0 || tracks.some((t) => !t)) return undefined;
      const first = count[0] as CssNode;
      const word = first.type === 'Identifier' ? first.name.toLowerCase() : '';
      if (word === 'auto-fill' || word === 'auto-fit') {
        list.push({ kind: 'auto-repeat', fit: word === 'auto-fit', tracks: tracks as TrackSize[] });
      } else if (first.type === 'Number' && Number.isInteger(Number(first.value)) && Number(first.value) > 0) {
        for (let i = 0; i < Math.min(Number(first.value), 1000); i++) list.push(...(tracks as TrackSize[]));
      } else return undefined;
      continue;
    }
    const size = trackSize(node, c);
    if (!size) return undefined;
    list.push(size);
  }
  return list;
}

export function singleTrack(nodes: CssNode[], c: PropertyContext): TrackSize | undefined {
  return nodes.length === 1 ? trackSize(nodes[0] as CssNode, c) : undefined;
}

/** `auto`, `3`, `-1`, `span 2`, `2 span`, or an area's name. */
export function gridLine(nodes: CssNode[]): GridLine | undefined {
  const words = nodes.filter((n) => n.type !== 'WhiteSpace');
  const ident = (n: CssNode | undefined) => (n?.type === 'Identifier' ? n.name : undefined);
  const integer = (n: CssNode | undefined) =>
    n?.type === 'Number' && Number.isInteger(Number(n.value)) ? Number(n.value) : undefined;
  if (words.length === 1) {
    const name = ident(words[0]);
    if (name?.toLowerCase() === 'auto') return 'auto';
    if (name) return { area: name };
    const line = integer(words[0]);
    return line !== undefined && line !== 0 ? { line } : undefined;
  }
  if (words.length === 2) {
    const [a, b] = words;
    const span =
      ident(a)?.toLowerCase() === 'span' ? integer(b) : ident(b)?.toLowerCase() === 'span' ? integer(a) : undefined;
    return span !== undefined && span > 0 ? { span } : undefined;
  }
  return undefined;
}

/** `grid-template-areas: "head head" "side main"`: the rows' names; every row as long as the first. */
export function templateAreas(nodes: CssNode[]): string[][] | null | undefined {
  if (nodes.length === 1 && nodes[0]?.type === 'Identifier' && nodes[0].name.toLowerCase() === 'none') return null;
  const rows: string[][] = [];
  for (const node of nodes) {
    if (node.type !== 'String') return undefined;
    const cells = node.value
      .trim()
      .split(/\s+/)
      .map((cell) => (/^\.+$/.test(cell) ? '.' : cell));
    rows.push(cells);
  }
  if (rows.length === 0 || rows.some((row) => row.length !== (rows[0] as string[]).length)) return undefined;
  return rows;
}
