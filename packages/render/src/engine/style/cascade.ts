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

  // What the last `find` matched: the candidates and the specificity each counts with, in arrays reused from
  // element to element (a style shared with an earlier element's needs only the rules' ids, not blocks made of
  // them). Counted, not emptied: an array set to length 0 lets go of its storage and grows it again.
  private readonly found: IndexedSelector[] = [];
  private readonly foundSpecificity: number[] = [];
  private foundCount = 0;
  // An element's class attribute split into names, by its text (a long table's cells repeat a few).
  private readonly classNames = new Map<string, string[]>();

  /**
   * The rules matching an element (or, with `pseudo`, its ::before or ::after), in the order they were found.
   * `inCascadeOrder` sorts them for the cascade: only an element whose style is not shared with an earlier one's
   * needs it.
   */
  match(element: Element, pseudo?: PseudoElement): MatchedBlock[] {
    this.find(element, pseudo);
    return this.foundBlocks();
  }

  /**
   * Finds the rules matching an element (or its pseudo-element): `foundIds` and `foundBlocks` give them until the
   * next call. Returns how many there are.
   */
  find(element: Element, pseudo?: PseudoElement): number {
    const buckets = pseudo ? this.pseudos[pseudo] : this.elements;
    this.foundCount = 0;
    const stamp = ++this.stamp;
    this.test(buckets.universal, element, stamp);
    this.test(buckets.byTag.get(element.name), element, stamp);
    const id = element.attribs.id;
    if (id) this.test(buckets.byId.get(id), element, stamp);
    const classes = element.attribs.class;
    if (classes) {
      let names = this.classNames.get(classes);
      if (!names) {
        names = classes.split(/\s+/).filter((name) => name !== '');
        if (this.classNames.size < MAX_CLASS_LISTS) this.classNames.set(classes, names);
      }
      for (const name of names) this.test(buckets.byClass.get(name), element, stamp);
    }
    return this.foundCount;
  }

  /** The ids of what the last `find` matched, in the order found, separated by commas: a style-sharing key. */
  foundIds(): string {
    let ids = '';
    for (let i = 0; i < this.foundCount; i++) ids += i === 0 ? `${this.rule(i).id}` : `,${this.rule(i).id}`;
    return ids;
  }

  /** The declaration blocks of what the last `find` matched, in the order found. */
  foundBlocks(): MatchedBlock[] {
    const blocks: MatchedBlock[] = [];
    for (let i = 0; i < this.foundCount; i++) {
      const { rule, order } = this.found[i] as IndexedSelector;
      const specificity = this.foundSpecificity[i] as number;
      blocks.push({ origin: rule.origin, specificity, order, declarations: rule.declarations });
    }
    return blocks;
  }

  private rule(i: number): PreparedRule {
    return (this.found[i] as IndexedSelector).rule;
  }

  private test(candidates: IndexedSelector[] | undefined, element: Element, stamp: number): void {
    if (!candidates) return;
    for (const candidate of candidates) {
      if (!candidate.selector.match(element)) continue;
      const { rule, selector } = candidate;
      // A rule whose selector list matches twice counts once, with its most specific selector.
      if (rule.stamp === stamp) {
        for (let i = 0; i < this.foundCount; i++)
          if (this.rule(i).declarations === rule.declarations) {
            if ((this.foundSpecificity[i] as number) < selector.specificity)
              this.foundSpecificity[i] = selector.specificity;
            break;
          }
        continue;
      }
      rule.stamp = stamp;
      const at = this.foundCount++;
      if (at === this.found.length) {
        this.found.push(candidate);
        this.foundSpecificity.push(selector.specificity);
      } else {
        this.found[at] = candidate;
        this.foundSpecificity[at] = selector.specificity;
      }
    }
  }
}

/** Distinct class attributes whose names are kept split (a template has a few dozen; data may make more). */
const MAX_CLASS_LISTS = 1024;

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
