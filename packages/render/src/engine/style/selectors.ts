import { compile, type Options } from 'css-select';
import { parse, type Selector, SelectorType } from 'css-what';
import { type AnyNode, type Element, isTag, type ParentNode } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import nthCheck from 'nth-check';

/** One complex selector of a rule, compiled once. */
export interface CompiledSelector {
  match: (element: Element) => boolean;
  /** (a, b, c) as a * 1e6 + b * 1e3 + c. */
  specificity: number;
  /** What its rightmost compound requires, to find candidate rules by id, class or tag. */
  id?: string;
  className?: string;
  tag?: string;
  /** The pseudo-element it styles (`p::before`), matched against its originating element. */
  pseudo?: PseudoElement;
}

export type PseudoElement = 'before' | 'after' | 'marker' | 'first-letter' | 'first-line';

export interface CompiledSelectorList {
  selectors: CompiledSelector[];
  /** Why some selectors of the list never match when printing (named in a finding). */
  unsupported: string[];
}

// States that never hold on a printed page.
const DYNAMIC = new Set([
  'hover',
  'active',
  'focus',
  'focus-within',
  'focus-visible',
  'visited',
  'target',
  'target-within',
]);
const MAX_OF_ARGUMENTS = new Set(['is', 'matches', '-webkit-any', '-moz-any', 'not', 'has']);
const TRAVERSALS = new Set(['adjacent', 'child', 'descendant', 'parent', 'sibling', 'column-combinator']);

const cache = new Map<string, CompiledSelectorList>();
// A service styles many templates over its life: the cache starts again when it holds this many selectors.
const MAX_COMPILED = 5_000;

/**
 * The siblings an element's children stand among when the document holds only some of them: a long table's window
 * of rows (document/long-table) has the rows it leaves out as stand-ins, so that `tr:nth-child(even)` and
 * `tr:last-child` count every row of the table.
 */
const standIns = new WeakMap<ParentNode, AnyNode[]>();

export function setStandInSiblings(parent: ParentNode, siblings: AnyNode[]): void {
  standIns.set(parent, siblings);
}

const standInNodes = new WeakSet<AnyNode>();

/** A left-out element among `setStandInSiblings`' siblings: a tag of that name, with nothing in it. */
export function standIn(name: string): AnyNode {
  const node = { type: 'tag', name, attribs: {}, children: [] } as unknown as AnyNode;
  standInNodes.add(node);
  return node;
}

const siblingsOf = (node: AnyNode): AnyNode[] | undefined => (node.parent ? standIns.get(node.parent) : undefined);

/** The siblings css-select counts an element among: a window's stand-ins, or its parent's children. */
const countedSiblings = (node: AnyNode): AnyNode[] => siblingsOf(node) ?? DomUtils.getSiblings(node);

/** The elements of a list of siblings, and where each stands among them and among those of its name. */
interface SiblingIndex {
  /** The list's length when indexed: a list that changed is indexed again. */
  length: number;
  elements: AnyNode[];
  at: Map<AnyNode, { index: number; ofType: number }>;
  /** Elements of each name. */
  names: Map<string, number>;
}

const indexes = new WeakMap<AnyNode[], SiblingIndex>();

/**
 * Where an element stands among its siblings, from an index made once per list of siblings. css-select's nth
 * filters walk the list up to the element for every element they test, O(n²) over a table's rows: a 20,000-row
 * zebra ledger took longer to match `tr:nth-child(even)` than to lay out.
 */
function siblingIndex(node: AnyNode): SiblingIndex {
  const siblings = countedSiblings(node);
  let index = indexes.get(siblings);
  if (index && index.length === siblings.length) return index;
  index = { length: siblings.length, elements: [], at: new Map(), names: new Map() };
  const { elements, at, names } = index;
  for (let i = 0; i < siblings.length; i++) {
    const sibling = siblings[i] as AnyNode;
    if (!isTag(sibling)) continue;
    const ofType = names.get(sibling.name) ?? 0;
    if (standInNodes.has(sibling)) {
      // A run of one stand-in (a window's left-out rows): counted at once, as no selector asks where each stands.
      // A window of a 20,000-row zebra table is indexed once for each of its 50 windows, twice over.
      let end = i + 1;
      while (siblings[end] === sibling) end++;
      names.set(sibling.name, ofType + (end - i));
      for (let k = i; k < end; k++) elements.push(sibling);
      i = end - 1;
      continue;
    }
    names.set(sibling.name, ofType + 1);
    at.set(sibling, { index: elements.length, ofType });
    elements.push(sibling);
  }
  indexes.set(siblings, index);
  return index;
}

type NthKind = 'nth-child' | 'nth-last-child' | 'nth-of-type' | 'nth-last-of-type';

/** An element's 0-based position as each nth pseudo-class counts it (from the end for the `-last-` ones). */
function nthPosition(element: Element, kind: NthKind): number | undefined {
  const index = siblingIndex(element);
  const at = index.at.get(element);
  if (!at) return undefined;
  switch (kind) {
    case 'nth-child':
      return at.index;
    case 'nth-last-child':
      return index.elements.length - 1 - at.index;
    case 'nth-of-type':
      return at.ofType;
    case 'nth-last-of-type':
      return (index.names.get(element.name) ?? 0) - 1 - at.ofType;
  }
}

const NTH_KINDS = new Set<string>(['nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type']);
/** The indexed forms of the nth pseudo-classes, named so that no stylesheet can write them. */
const INDEXED = 'quire-indexed-';
const nthChecks = new Map<string, (position: number) => boolean>();

function nthFormula(formula: string): (position: number) => boolean {
  let check = nthChecks.get(formula);
  if (!check) {
    check = nthCheck(formula);
    if (nthChecks.size >= MAX_COMPILED) nthChecks.clear();
    nthChecks.set(formula, check);
  }
  return check;
}

const indexedNth =
  (kind: NthKind) =>
  (element: Element, formula?: string | null): boolean => {
    const position = nthPosition(element, kind);
    return position !== undefined && nthFormula(formula ?? '')(position);
  };

const PSEUDOS: Record<string, (element: Element, formula?: string | null) => boolean> = {
  // css-select's own look at every sibling for each element; these take the place of its.
  'only-child': (element) => siblingIndex(element).elements.length === 1,
  'only-of-type': (element) => siblingIndex(element).names.get(element.name) === 1,
  [`${INDEXED}nth-child`]: indexedNth('nth-child'),
  [`${INDEXED}nth-last-child`]: indexedNth('nth-last-child'),
  [`${INDEXED}nth-of-type`]: indexedNth('nth-of-type'),
  [`${INDEXED}nth-last-of-type`]: indexedNth('nth-last-of-type'),
};

/**
 * Points the nth pseudo-classes of plain formulas (`even`, `2n+1`; not `… of S`, which css-select matches itself)
 * at their indexed forms. A formula nth-check cannot read stays, for css-select to reject as before.
 */
function indexNthPseudos(tokens: Selector[]): void {
  for (const token of tokens) {
    if (token.type !== 'pseudo') continue;
    if (Array.isArray(token.data)) for (const inner of token.data) indexNthPseudos(inner);
    else if (NTH_KINDS.has(token.name) && typeof token.data === 'string' && !/\sof\s/i.test(token.data)) {
      try {
        nthFormula(token.data);
      } catch {
        continue;
      }
      token.name = `${INDEXED}${token.name}`;
    }
  }
}

type Adapter = NonNullable<Options<AnyNode, Element>['adapter']>;

// domutils, css-select's own default, with the stand-ins counted among a window's rows.
const ADAPTER: Adapter = {
  ...(DomUtils as unknown as Adapter),
  isTag,
  getSiblings: countedSiblings,
  prevElementSibling(node: AnyNode) {
    if (!siblingsOf(node)) return DomUtils.prevElementSibling(node);
    const index = siblingIndex(node);
    const at = index.at.get(node);
    return at && at.index > 0 ? (index.elements[at.index - 1] as Element) : null;
  },
};

/** Compiles a selector list with css-select, once per distinct text. */
export function compileSelectorList(text: string): CompiledSelectorList {
  let compiled = cache.get(text);
  if (!compiled) {
    compiled = compileUncached(text);
    if (cache.size >= MAX_COMPILED) cache.clear();
    cache.set(text, compiled);
  }
  return compiled;
}

function compileUncached(text: string): CompiledSelectorList {
  const result: CompiledSelectorList = { selectors: [], unsupported: [] };
  let list: Selector[][];
  try {
    list = parse(text);
  } catch (error) {
    result.unsupported.push(`"${text}" is not a valid selector (${(error as Error).message})`);
    return result;
  }
  for (const tokens of list) {
    lowerCaseTags(tokens);
    const score = specificity(tokens);
    const pseudo = takePseudoElement(tokens);
    const problem = unsupportedPart(tokens);
    if (problem) {
      result.unsupported.push(problem);
      continue;
    }
    indexNthPseudos(tokens);
    try {
      const match = compile<AnyNode, Element>([tokens], { xmlMode: false, adapter: ADAPTER, pseudos: PSEUDOS }) as (
        element: Element,
      ) => boolean;
      const selector: CompiledSelector = { match, specificity: score, ...rightmostKey(tokens) };
      if (pseudo) selector.pseudo = pseudo;
      result.selectors.push(selector);
    } catch (error) {
      result.unsupported.push(`a selector of "${text}" cannot be matched (${(error as Error).message})`);
    }
  }
  return result;
}

/**
 * Takes a trailing `::before`, `::after`, `::first-letter`, `::first-line` (or CSS 2's `:before`, `:after`,
 * `:first-letter`, `:first-line`) or `::marker` off the selector, which then matches the originating element. Other pseudo-elements stay, and are
 * reported.
 */
const LEGACY_PSEUDO_ELEMENTS = new Set<string>(['before', 'after', 'first-letter', 'first-line']);

function takePseudoElement(tokens: Selector[]): PseudoElement | undefined {
  const last = tokens[tokens.length - 1];
  if (!last) return undefined;
  const legacy = last.type === 'pseudo' && last.data === null;
  if (last.type !== 'pseudo-element' && !legacy) return undefined;
  const name = last.name.toLowerCase();
  if (!LEGACY_PSEUDO_ELEMENTS.has(name) && !(name === 'marker' && !legacy)) return undefined;
  tokens.pop();
  // `::before` alone is `*::before`.
  if (tokens.length === 0 || TRAVERSALS.has((tokens[tokens.length - 1] as Selector).type))
    tokens.push({ type: SelectorType.Universal, namespace: null });
  return name as PseudoElement;
}

function unsupportedPart(tokens: Selector[]): string | undefined {
  for (const token of tokens) {
    if (token.type === 'pseudo-element') return `::${token.name} is not supported`;
    if (token.type !== 'pseudo') continue;
    if (DYNAMIC.has(token.name)) return `:${token.name} never matches on a printed page`;
    if (Array.isArray(token.data)) {
      for (const inner of token.data) {
        const problem = unsupportedPart(inner);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

function specificity(tokens: Selector[]): number {
  let score = 0;
  for (const token of tokens) {
    if (token.type === 'tag' || token.type === 'pseudo-element') score += 1;
    else if (token.type === 'attribute') score += token.name === 'id' && token.action === 'equals' ? 1e6 : 1e3;
    else if (token.type === 'pseudo') {
      if (token.name === 'where') continue;
      if (MAX_OF_ARGUMENTS.has(token.name) && Array.isArray(token.data)) {
        score += Math.max(0, ...token.data.map(specificity));
      } else score += 1e3;
    }
  }
  return score;
}

function rightmostKey(tokens: Selector[]): Pick<CompiledSelector, 'id' | 'className' | 'tag'> {
  let start = tokens.length;
  while (start > 0 && !TRAVERSALS.has((tokens[start - 1] as Selector).type)) start--;
  let id: string | undefined;
  let className: string | undefined;
  let tag: string | undefined;
  for (const token of tokens.slice(start)) {
    if (token.type === 'tag') tag = token.name;
    else if (token.type === 'attribute' && token.name === 'id' && token.action === 'equals' && !token.ignoreCase)
      id = token.value;
    else if (token.type === 'attribute' && token.name === 'class' && token.action === 'element' && !token.ignoreCase)
      className = token.value;
  }
  if (id !== undefined) return { id };
  if (className !== undefined) return { className };
  return tag === undefined ? {} : { tag };
}

/** HTML tag names match case-insensitively; css-what keeps them as written. */
function lowerCaseTags(tokens: Selector[]): void {
  for (const token of tokens) {
    if (token.type === 'tag') token.name = token.name.toLowerCase();
    else if (token.type === 'pseudo' && Array.isArray(token.data)) for (const inner of token.data) lowerCaseTags(inner);
  }
}
