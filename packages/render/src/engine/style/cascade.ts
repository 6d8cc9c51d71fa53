import type { Element } from 'domhandler';
import type { Findings } from '../findings';
import type { Stylesheet } from '../parse/css';
import { type PreparedDeclaration, prepareDeclaration } from './declarations';
import { physicalLonghands } from './flow-relative';
import { type CompiledSelector, compileSelectorList, type PseudoElement } from './selectors';

/** Where declarations come from, in increasing priority for normal declarations. */
export const Origin = { UserAgent: 0, Hints: 1, Author: 2, StyleAttribute: 3 } as const;
export type Origin = (typeof Origin)[keyof typeof Origin];

export interface PreparedRule {
  /** Unique over the stylesheets of one render: identifies the rule in style-sharing keys. */
  id: number;
  origin: Origin;
  declarations: PreparedDeclaration[];
  /** The last match() that found it, to count a rule once per element. */
  stamp: number;
}

interface IndexedSelector {
  rule: PreparedRule;
  selector: CompiledSelector;
  /** Position of the rule in the cascade's source order. */
  order: number;
}

/** A matched declaration block with what orders it in the cascade. */
export interface MatchedBlock {
  origin: Origin;
  specificity: number;
  order: number;
  declarations: PreparedDeclaration[];
}

/** Selectors filed by the id, class or tag their rightmost compound requires. */
class Buckets {
  readonly byId = new Map<string, IndexedSelector[]>();
  readonly byClass = new Map<string, IndexedSelector[]>();
  readonly byTag = new Map<string, IndexedSelector[]>();
  readonly universal: IndexedSelector[] = [];
  size = 0;

  bucket(selector: CompiledSelector): IndexedSelector[] {
    this.size++;
    const [map, key] =
      selector.id !== undefined
        ? [this.byId, selector.id]
        : selector.className !== undefined
          ? [this.byClass, selector.className]
          : selector.tag !== undefined
            ? [this.byTag, selector.tag]
            : [null, ''];
    if (!map) return this.universal;
    let list = map.get(key);
    if (!list) {
      list = [];
      map.set(key, list);
    }
    return list;
  }
}

/**
 * The rules of a document's stylesheets, indexed by the id, class or tag their selectors' rightmost compound
 * requires, so that each element is tested only against rules that can match it. Rules for `::before` and
 * `::after` are kept apart and matched against the originating element when its pseudo-elements are styled.
 */
export class RuleIndex {
  private readonly elements = new Buckets();
  private readonly pseudos: Record<PseudoElement, Buckets> = {
    before: new Buckets(),
    after: new Buckets(),
    marker: new Buckets(),
    'first-letter': new Buckets(),
    'first-line': new Buckets(),
  };
  private order = 0;
  private nextId = 0;
  private stamp = 0;

  add(sheet: Stylesheet, origin: Origin, findings: Findings): void {
    for (const rule of sheet.rules) {
      const compiled = compileSelectorList(rule.selector);
      for (const problem of compiled.unsupported) {
        findings.add({
          code: 'unsupported_selector',
          message: `The selector "${rule.selector}" does not apply: ${problem}.`,
          part: sheet.part,
          line: rule.line,
        });
      }
      const declarations = rule.declarations
        .map((d) => prepareDeclaration(d, sheet.part, findings))
        .filter((d): d is PreparedDeclaration => d !== null);
      if (declarations.length === 0 || compiled.selectors.length === 0) continue;
      const prepared: PreparedRule = { id: this.nextId++, origin, declarations, stamp: 0 };
      const order = this.order++;
      for (const selector of compiled.selectors) {
        const buckets = selector.pseudo ? this.pseudos[selector.pseudo] : this.elements;
        buckets.bucket(selector).push({ rule: prepared, selector, order });
      }
    }
  }

  /** Whether any rule styles this pseudo-element (most documents have none: no element is tried for them). */
  styles(pseudo: PseudoElement): boolean {
    return this.pseudos[pseudo].size > 0;
  }

  /**
   * The rules matching an element (or, with `pseudo`, its ::before or ::after), in the order they were found;
   * their ids in `ids`. `inCascadeOrder` sorts them for the cascade: only an element whose style is not shared
   * with an earlier one's needs it.
   */
  match(element: Element, ids: number[], pseudo?: PseudoElement): MatchedBlock[] {
    const buckets = pseudo ? this.pseudos[pseudo] : this.elements;
    const matched: MatchedBlock[] = [];
    const stamp = ++this.stamp;
    this.test(buckets.universal, element, stamp, matched, ids);
    this.test(buckets.byTag.get(element.name), element, stamp, matched, ids);
    const id = element.attribs.id;
    if (id) this.test(buckets.byId.get(id), element, stamp, matched, ids);
    const classes = element.attribs.class;
    if (classes) {
      for (const name of classes.split(/\s+/))
        if (name) this.test(buckets.byClass.get(name), element, stamp, matched, ids);
    }
    return matched;
  }

  private test(
    candidates: IndexedSelector[] | undefined,
    element: Element,
    stamp: number,
    matched: MatchedBlock[],
    ids: number[],
  ): void {
    if (!candidates) return;
    for (const candidate of candidates) {
      if (!candidate.selector.match(element)) continue;
      const { rule, selector, order } = candidate;
      // A rule whose selector list matches twice counts once, with its most specific selector.
      if (rule.stamp === stamp) {
        const block = matched.find((m) => m.declarations === rule.declarations);
        if (block && block.specificity < selector.specificity) block.specificity = selector.specificity;
        continue;
      }
      rule.stamp = stamp;
      matched.push({ origin: rule.origin, specificity: selector.specificity, order, declarations: rule.declarations });
      ids.push(rule.id);
    }
  }
}

function cascadeOrder(a: MatchedBlock, b: MatchedBlock): number {
  return a.origin - b.origin || a.specificity - b.specificity || a.order - b.order;
}

/** Matched rules in cascade order (origin, specificity, source order), sorted in place. */
export function inCascadeOrder(blocks: MatchedBlock[]): MatchedBlock[] {
  if (blocks.length > 1) blocks.sort(cascadeOrder);
  return blocks;
}

/** The declarations that apply to an element's longhands and custom properties, lowest priority first. */
export interface Cascaded {
  /**
   * Physical longhand → the declarations for it (from shorthands and flow-relative properties too), lowest priority
   * first; the last valid one wins.
   */
  longhands: Map<string, PreparedDeclaration[]>;
  custom: Map<string, string>;
}

/** Orders declared values: normal declarations in block order, then the important ones (author before UA). */
export function cascade(blocks: MatchedBlock[], shorthandLonghands: Record<string, string[]>): Cascaded {
  const longhands = new Map<string, PreparedDeclaration[]>();
  const custom = new Map<string, string>();
  const put = (declaration: PreparedDeclaration) => {
    if (declaration.kind === 'custom') {
      custom.set(declaration.property, declaration.value);
      return;
    }
    const names =
      declaration.kind === 'shorthand' ? (shorthandLonghands[declaration.property] ?? []) : [declaration.property];
    for (const name of names) {
      // An inline-axis longhand goes under both sides it can mean: the direction is not known yet. (`border-inline`
      // means each side twice, start or end: it is filed once.)
      for (const physical of physicalLonghands(name)) {
        const list = longhands.get(physical);
        if (!list) longhands.set(physical, [declaration]);
        else if (list[list.length - 1] !== declaration) list.push(declaration);
      }
    }
  };
  let important = false;
  for (const block of blocks) {
    for (const declaration of block.declarations) {
      if (declaration.important) important = true;
      else put(declaration);
    }
  }
  if (important) {
    const blocksImportant = [...blocks].sort((a, b) => importanceRank(a.origin) - importanceRank(b.origin));
    for (const block of blocksImportant)
      for (const declaration of block.declarations) if (declaration.important) put(declaration);
  }
  return { longhands, custom };
}

// Important user-agent declarations win over important author ones.
function importanceRank(origin: Origin): number {
  return origin === Origin.UserAgent ? 10 : origin;
}
