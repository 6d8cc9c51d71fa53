import type { ChildNode, Document, Element, Text } from 'domhandler';
import { serializeSvg } from '../../convert/svg';
import type { Findings } from '../findings';
import { type FontFaceRule, parseDeclarations } from '../parse/css';
import { lineLocator, nodeLine, parseHtml } from '../parse/html';
import { matchesMedia } from '../parse/media';
import { cascade, inCascadeOrder, Origin, type RuleIndex } from './cascade';
import { computeStyle, type ElementState, rootParentState, type StyleEnvironment } from './compute';
import {
  type ComputedStyle,
  type PageStyles,
  type StyledElement,
  type StyledNode,
  TRANSPARENT,
} from './computed-style';
import { type PreparedDeclaration, prepareDeclaration } from './declarations';
import { documentRoots } from './document-roots';
import type { Filter } from './filters';
import { Counters, contentText, type QuoteDepth } from './generated-content';
import { presentationalHints } from './hints';
import { computePageStyles, pagePixels } from './page';
import type { PseudoElement } from './selectors';
import { indexedSheets, type SheetSource } from './sheet-cache';
import { SHORTHAND_LONGHANDS, SHORTHANDS } from './shorthands';

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
// Elements that keep no children (display: none, svg) share it; the others get an array of their own.
const NO_CHILDREN: StyledNode[] = Object.freeze([]) as unknown as StyledNode[];

function hasAny(attribs: Record<string, string>): boolean {
  for (const _ in attribs) return true;
  return false;
}

export interface StyleInput {
  /** The HTML after Liquid. */
  html: string;
  /** The template's stylesheet (part `css`). */
  css?: string;
  /** Which part the HTML is (`html`, `header_html`, `footer_html`), for findings; `html` when not given. */
  part?: string;
  /** The template's page: size and margins in points (top, right, bottom, left), before `@page` rules. */
  page: { width: number; height: number; margin: [number, number, number, number] };
  /**
   * The document's own HTML (not a running header or footer): the root's or the body's background goes to the
   * canvas (`StyleResult.canvas`) instead of being painted by the body's box.
   */
  canvas?: boolean;
}

export interface StyleResult {
  /** The body element (html's and body's styles cascaded as in a browser). */
  root: StyledElement;
  pages: PageStyles;
  /** The style whose background paints the canvas (html's, else body's), when `canvas` was asked and has one. */
  canvas: ComputedStyle | null;
  /** The stylesheets' `@font-face` rules, in document order. */
  fontFaces: FontFaceRule[];
  /**
   * The html element's `filter`: the root element has no box here (the body's is the first), so painting applies
   * it around all the document paints but the canvas, as Chromium does.
   */
  rootFilter: Filter | null;
}

/**
 * The style stage: parses the HTML and every stylesheet (the user agent's, the template's `css`, `<style>`
 * blocks in document order, `style` attributes), cascades them and computes each element's style once.
 */
/**
 * Styles shared by several documents made from one template: a long table's windows (document/long-table), each
 * the template's document with some of its rows. Elements that cascade alike in any of them get one computed
 * style object, as within one document, so that what the layout caches by style (text-cache.ts) serves them all.
 */
export interface StyleSession {
  styler?: TreeStyler;
  index?: RuleIndex;
  root?: ElementState;
  /** Called with each document once parsed, before it is styled. */
  prepare?: (document: Document) => void;
}

export function computeStyles(input: StyleInput, findings: Findings, session?: StyleSession): StyleResult {
  const part = input.part ?? 'html';
  const media = { width: input.page.width, height: input.page.height };
  const document = parseHtml(input.html, part);
  session?.prepare?.(document);
  const locate = lineLocator(input.html);

  const sources: SheetSource[] = [];
  if (input.css) sources.push({ text: input.css, part: 'css', lineOffset: 0 });
  for (const style of styleElements(document)) {
    if (style.attribs.media !== undefined && !matchesMedia(style.attribs.media, media)) continue;
    const text = style.children.map((child) => (child.type === 'text' ? (child as Text).data : '')).join('');
    const first = style.children[0];
    const line = first ? (nodeLine(first, locate) ?? 1) : 1;
    sources.push({ text, part, lineOffset: line - 1 });
  }
  const { index, sheets } = indexedSheets(sources, media, findings);

  // A document that comes without a session of its own is styled in its template's (templateSession).
  const shared = session ?? templateSession(index, part, input.page);
  const reused = shared.styler && shared.index === index ? shared.styler : undefined;
  // A session's documents are styled in one environment, as the first was (the viewport is set again below).
  const env: StyleEnvironment = reused?.env ?? {
    viewportWidth: 0,
    viewportHeight: 0,
    rootFontSize: 12,
    findings,
    reported: new WeakSet(),
    noted: 0,
  };
  env.viewportWidth = input.page.width;
  env.viewportHeight = input.page.height;
  env.rootFontSize = 12;
  const styler = reused ?? new TreeStyler(index, env, part, locate);
  styler.startDocument(locate, findings);
  const rootParent = (reused && shared.root) || rootParentState();
  Object.assign(shared, { styler, index, root: rootParent });
  const { html, body } = documentRoots(document);
  const pageContext = styler.state(html, rootParentState());
  env.rootFontSize = pageContext.style.fontSize;
  const pageRules = sheets.flatMap((sheet) => sheet.pageRules.map((rule) => ({ rule, part: sheet.part })));
  const pages = computePageStyles(pageRules, input.page, pageContext, env);
  // A printed document is laid out once, in a viewport of the first page's page area (the page box less its
  // margins) in whole pixels, cut down, as Chromium prints: vw and vh are of it on every page (A4 with margins of
  // 10mm and 30mm: 642.55px, 50vw is 321px). The root is styled again in it (the page context above needed the
  // root's font first).
  const first = pagePixels(pages.first);
  env.viewportWidth = Math.floor(first.width - first.left - first.right + 1e-6) * 0.75;
  env.viewportHeight = Math.floor(first.height - first.top - first.bottom + 1e-6) * 0.75;
  const htmlState = styler.state(html, rootParent);
  env.rootFontSize = htmlState.style.fontSize;
  const root = styler.element(body, htmlState);
  const fontFaces = sheets.flatMap((sheet) => sheet.fontFaces);
  const rootFilter = htmlState.style.filter;
  if (!input.canvas) return { root, pages, canvas: null, fontFaces, rootFilter };
  // CSS Backgrounds 3 §2.11.2: the root's background, or when it has none the body's, is the canvas's; the
  // body then paints none of its own (its used background is the initial one).
  if (hasBackground(htmlState.style)) return { root, pages, canvas: htmlState.style, fontFaces, rootFilter };
  if (!hasBackground(root.style)) return { root, pages, canvas: null, fontFaces, rootFilter };
  const canvas = root.style;
  root.style = { ...canvas, backgroundColor: TRANSPARENT, backgroundImage: null };
  return { root, pages, canvas, fontFaces, rootFilter };
}

function hasBackground(style: ComputedStyle): boolean {
  return style.backgroundColor.a > 0 || style.backgroundImage !== null;
}

export class TreeStyler {
  // Style sharing: siblings with the same parent state, matched rules and attributes share one computed style.
  private readonly shared = new WeakMap<ElementState, Map<string, ElementState>>();
  private readonly inlineCache = new Map<string, InlineStyle>();
  /**
   * Styles whose computation reported something (an unsupported value, an inline style that did not parse), by the
   * findings of the document they were computed for: only that document reuses them, so that a document styled
   * after it in the session reports what its own elements need, as it would styled alone.
   */
  private readonly saidIn = new WeakMap<ElementState, Findings>();
  /** Styles computed and inline styles parsed so far: what a template's session keeps (templateSession's cap). */
  size = 0;
  // Generated content: the counters and the quotes' depth as the walk reaches each element.
  private counters = new Counters();
  private readonly quotes: QuoteDepth = { depth: 0 };

  constructor(
    private readonly index: RuleIndex,
    readonly env: StyleEnvironment,
    private readonly part: string,
    /** Offsets to lines in the HTML being styled (a session's styler styles several). */
    public locate: (offset: number) => number,
  ) {}

  /**
   * Before each document a session's styler styles: its lines, and generated content counted from the start (what
   * is shared across documents is the computed styles, not what a walk through one document counts).
   */
  startDocument(locate: (offset: number) => number, findings: Findings): void {
    this.locate = locate;
    this.counters = new Counters();
    this.quotes.depth = 0;
    // Another render (the template's session): its findings are its own, each declaration reported again. A long
    // table's windows and a document's running parts share one document's findings, and keep them.
    if (this.env.findings !== findings) {
      this.env.findings = findings;
      this.env.reported = new WeakSet();
    }
  }

  /** Whether a style computed earlier in the session serves the document being styled (see `saidIn`). */
  private reusable(state: ElementState): boolean {
    const said = this.saidIn.get(state);
    return said === undefined || said === this.env.findings;
  }

  /** Keeps a style just computed, as reusable only in this document when computing it reported something. */
  private keep(siblings: Map<string, ElementState>, key: string, state: ElementState, said: boolean): void {
    if (said) this.saidIn.set(state, this.env.findings);
    siblings.set(key, state);
    this.size++;
  }

  /** Whether the environment was told something since `mark` (repeats included: at another line they would show). */
  private saidSince(mark: { noted: number; attempts: number }): boolean {
    return this.env.noted !== mark.noted || this.env.findings.attempts !== mark.attempts;
  }

  private mark(): { noted: number; attempts: number } {
    return { noted: this.env.noted, attempts: this.env.findings.attempts };
  }

  element(element: Element, parent: ElementState): StyledElement {
    const state = this.state(element, parent);
    // Every property in one literal (V8 keeps them in the object, not in an array added later), and one shared
    // object for elements without attributes: a 20,000-row table has 140,000 elements.
    const styled: StyledElement = {
      kind: 'element',
      tag: element.name,
      attrs: hasAny(element.attribs) ? element.attribs : NO_ATTRIBUTES,
      style: state.style,
      children: NO_CHILDREN,
      line: nodeLine(element, this.locate),
    };
    if (element.name === 'svg') {
      styled.markup = serializeSvg(element);
      return styled;
    }
    if (state.style.display === 'none') return styled;
    this.counters.apply(state.style);
    if (state.style.display === 'list-item') {
      const marker = this.markerOf(element, state);
      if (marker) styled.marker = marker;
    }
    // ::before is the element's first child and ::after its last: counters they reset are scoped to its content.
    this.counters.enter();
    const before = this.pseudo(element, state, 'before', styled.line);
    styled.children = this.children(element.children, state);
    if (LEADING_NEWLINE_DROPPED.has(element.name)) dropLeadingNewline(styled.children);
    const after = this.pseudo(element, state, 'after', styled.line);
    this.counters.leave();
    if (before) styled.children.unshift(before);
    if (after) styled.children.push(after);
    if (FIRST_LETTER_HOSTS.has(state.style.display)) {
      const letter = this.pseudoState(element, state, 'first-letter');
      if (letter) splitFirstLetter(styled, letter.style);
      const line = this.pseudoState(element, state, 'first-line');
      if (line) styled.firstLine = line.style;
    }
    // A copy of exactly its length: push leaves room for 17, and most elements have one or a few children.
    styled.children = styled.children.slice();
    return styled;
  }

  /** A list item's ::marker style (CSS Lists 3 §3.1), and its text when `content` gives strings. */
  private markerOf(element: Element, parent: ElementState): StyledElement['marker'] | undefined {
    const state = this.pseudoState(element, parent, 'marker');
    if (!state) return undefined;
    const { style } = state;
    const marker: NonNullable<StyledElement['marker']> = { style };
    if (Array.isArray(style.content)) {
      const text = contentText(style.content, element.attribs, this.counters, this.quotes);
      if (text !== null) marker.text = text;
    }
    return marker;
  }

  /** The computed style of an element's pseudo-element, when a rule styles it (shared like elements' styles). */
  private pseudoState(element: Element, parent: ElementState, which: PseudoElement): ElementState | undefined {
    if (!this.index.styles(which) || NO_PSEUDO_ELEMENTS.has(element.name)) return undefined;
    if (this.index.find(element, which) === 0) return undefined;
    const key = `::${which}|${this.index.foundIds()}`;
    let siblings = this.shared.get(parent);
    let state = siblings?.get(key);
    if (!state || !this.reusable(state)) {
      const mark = this.mark();
      const blocks = inCascadeOrder(this.index.foundBlocks());
      state = computeStyle(cascade(blocks, SHORTHAND_LONGHANDS), parent, this.env, undefined);
      if (!siblings) {
        siblings = new Map();
        this.shared.set(parent, siblings);
      }
      this.keep(siblings, key, state, this.saidSince(mark));
    }
    return state;
  }

  /**
   * An element's ::before or ::after (CSS Pseudo-Elements 4), when a rule gives it a `content`: an element child
   * (tag `::before`) whose style inherits from the element's, with its content as text. Replaced and void elements
   * have none, as in browsers.
   */
  private pseudo(
    element: Element,
    parent: ElementState,
    which: PseudoElement,
    line: number | undefined,
  ): StyledElement | null {
    const state = this.pseudoState(element, parent, which);
    if (!state) return null;
    const { style } = state;
    if (style.display === 'none' || style.content === 'none' || style.content === 'normal') return null;
    this.counters.apply(style);
    const text = contentText(style.content, element.attribs, this.counters, this.quotes);
    if (text === null) return null;
    const generated: StyledElement = { kind: 'element', tag: `::${which}`, attrs: {}, style, children: [] };
    if (text) generated.children.push({ kind: 'text', text, style });
    if (line !== undefined) generated.line = line;
    return generated;
  }

  private children(nodes: ChildNode[], state: ElementState): StyledNode[] {
    const out: StyledNode[] = [];
    for (const node of nodes) {
      if (node.type === 'text') out.push({ kind: 'text', text: (node as Text).data, style: state.style });
      else if (node.type === 'tag' || node.type === 'script' || node.type === 'style')
        out.push(this.element(node as Element, state));
    }
    return out;
  }

  state(element: Element, parent: ElementState): ElementState {
    this.index.find(element);
    const ids = this.index.foundIds();
    const hints = presentationalHints(element);
    const inline = element.attribs.style;
    const lang = element.attribs.lang ?? element.attribs['xml:lang'];
    const key = `${ids}|${hints.map((h) => `${h[0]}:${h[1]}`).join(';')}|${inline ?? ''}|${lang ?? ''}`;
    let siblings = this.shared.get(parent);
    const cached = siblings?.get(key);
    if (cached && this.reusable(cached)) return cached;

    const blocks = this.index.foundBlocks();
    const mark = this.mark();
    let said = false;
    inCascadeOrder(blocks);
    if (hints.length > 0) {
      const declarations = this.hintDeclarations(hints, nodeLine(element, this.locate) ?? 0);
      const at = blocks.findIndex((block) => block.origin > Origin.Hints);
      blocks.splice(at === -1 ? blocks.length : at, 0, {
        origin: Origin.Hints,
        specificity: 0,
        order: -1,
        declarations,
      });
    }
    if (inline) {
      const parsed = this.inlineDeclarations(inline, element);
      said = parsed.said !== null;
      blocks.push({ origin: Origin.StyleAttribute, specificity: 0, order: 0, declarations: parsed.declarations });
    }
    const state = computeStyle(cascade(blocks, SHORTHAND_LONGHANDS), parent, this.env, lang);
    // Chromium: "tables never support the -webkit-* values for text-align": a table inside `<td align=center>`
    // or `<center>` starts its text at the start again (e-mail templates rely on it).
    if (element.name === 'table' && state.style.textAlignLegacy) {
      state.style.textAlign = 'start';
      state.style.textAlignLegacy = false;
    }
    if (!siblings) {
      siblings = new Map();
      this.shared.set(parent, siblings);
    }
    this.keep(siblings, key, state, said || this.saidSince(mark));
    return state;
  }

  private hintDeclarations(hints: Array<[string, string]>, line: number): PreparedDeclaration[] {
    return hints.map(([property, value]) => ({
      property,
      kind: SHORTHANDS[property] ? 'shorthand' : 'longhand',
      value,
      important: false,
      part: this.part,
      line,
    }));
  }

  private inlineDeclarations(text: string, element: Element): InlineStyle {
    const line = nodeLine(element, this.locate) ?? 1;
    const key = `${line}\n${text}`;
    let parsed = this.inlineCache.get(key);
    // One that reported something is parsed again for another document, which reports it too.
    if (!parsed || (parsed.said !== null && parsed.said !== this.env.findings)) {
      const mark = this.mark();
      const declarations = parseDeclarations(text, { part: this.part, lineOffset: line - 1 }, this.env.findings)
        .map((d) => prepareDeclaration(d, this.part, this.env.findings))
        .filter((d): d is PreparedDeclaration => d !== null);
      parsed = { declarations, said: this.saidSince(mark) ? this.env.findings : null };
      this.inlineCache.set(key, parsed);
      this.size++;
    }
    return parsed;
  }
}

/** A `style` attribute's declarations, and the findings of the document it reported something to, if it did. */
interface InlineStyle {
  declarations: PreparedDeclaration[];
  said: Findings | null;
}

/**
 * A service renders one template again and again, and its elements cascade alike each time: a document styled
 * without a session of its own is styled in its template's, one per stylesheet index (the template's CSS and
 * `<style>` blocks, sheet-cache.ts), part and page, and gets the computed styles the template's elements had in the
 * renders before (computing them was a third of a one-page invoice's style stage). What a document reports is its
 * own (TreeStyler's `saidIn`). Sessions are kept for a few templates, each up to a bound: an inline style that
 * prints data (`style="width: 37%"`) makes new styles every render, and its session starts again when full.
 */
function templateSession(index: RuleIndex, part: string, page: StyleInput['page']): StyleSession {
  let id = indexIds.get(index);
  if (id === undefined) {
    id = nextIndexId++;
    indexIds.set(index, id);
  }
  const key = `${id}|${part}|${page.width}|${page.height}|${page.margin.join(',')}`;
  let session = templateSessions.get(key);
  if (session) templateSessions.delete(key);
  if (!session || (session.styler?.size ?? 0) > TEMPLATE_SESSION_STYLES) session = {};
  // Most recently used last: the first is the one to let go.
  templateSessions.set(key, session);
  if (templateSessions.size > TEMPLATE_SESSIONS)
    templateSessions.delete(templateSessions.keys().next().value as string);
  return session;
}

const TEMPLATE_SESSIONS = 8;
const TEMPLATE_SESSION_STYLES = 1_000;
const templateSessions = new Map<string, StyleSession>();
const indexIds = new WeakMap<RuleIndex, number>();
let nextIndexId = 0;

function styleElements(document: Document): Element[] {
  const out: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    // Indexed: the whole document is walked once a render, where for-of made an iterator result per node.
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as ChildNode;
      if (node.type === 'style' && (node as Element).name === 'style') out.push(node as Element);
      else if ('children' in node && node.type !== 'script') walk(node.children as ChildNode[]);
    }
  };
  walk(document.children);
  return out;
}

// Replaced and void elements generate no ::before or ::after.
const NO_PSEUDO_ELEMENTS = new Set([
  'img',
  'input',
  'br',
  'hr',
  'svg',
  'qr-code',
  'bar-code',
  'textarea',
  'select',
  'iframe',
]);

// Block containers, whose first line's first letter ::first-letter styles (CSS Pseudo-Elements 4 §2.2).
const FIRST_LETTER_HOSTS = new Set<string>([
  'block',
  'list-item',
  'table-cell',
  'table-caption',
  'inline-block',
  'flow-root',
]);
// Elements that end the search for a first letter: what they hold is not text of the line.
const NO_FIRST_LETTER = new Set([
  'img',
  'svg',
  'qr-code',
  'bar-code',
  'table',
  'br',
  'hr',
  'input',
  'select',
  'textarea',
]);
// The first letter: punctuation before it, the letter (a grapheme: with its marks), punctuation after it.
const FIRST_LETTER = /^(\p{P}*)(\P{P}\p{M}*)(\p{P}*)/u;

/**
 * Wraps the first letter of an element's first line, with the punctuation around it, in a `::first-letter`
 * element of the rule's style (a drop cap is one floated left): the first text met in document order, through
 * inline elements and the first block inside (not through images, tables or line breaks), its leading white
 * space skipped.
 */
function splitFirstLetter(host: StyledElement, style: ComputedStyle): void {
  const visit = (parent: StyledElement): boolean => {
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i] as StyledNode;
      if (child.kind === 'element') {
        const { display, position, float } = child.style;
        if (display === 'none' || position === 'absolute' || position === 'fixed' || float !== 'none') continue;
        if (NO_FIRST_LETTER.has(child.tag) || visit(child)) return true;
        continue;
      }
      const lead = /^\s*/.exec(child.text)?.[0] ?? '';
      const rest = child.text.slice(lead.length);
      if (!rest) continue;
      const match = FIRST_LETTER.exec(rest);
      if (!match?.[2]) return true;
      const letter = match[0];
      const nodes: StyledNode[] = [];
      if (lead) nodes.push({ kind: 'text', text: lead, style: child.style });
      nodes.push({
        kind: 'element',
        tag: '::first-letter',
        attrs: {},
        style,
        children: [{ kind: 'text', text: letter, style }],
      });
      if (rest.length > letter.length)
        nodes.push({ kind: 'text', text: rest.slice(letter.length), style: child.style });
      parent.children.splice(i, 1, ...nodes);
      return true;
    }
    return false;
  };
  visit(host);
}

// HTML's parser drops a newline right after these start tags (htmlparser2 keeps it).
const LEADING_NEWLINE_DROPPED = new Set(['pre', 'listing', 'textarea']);

function dropLeadingNewline(children: StyledNode[]): void {
  const first = children[0];
  if (first?.kind !== 'text' || !/^\r?\n/.test(first.text)) return;
  const text = first.text.replace(/^\r?\n/, '');
  if (text) children[0] = { ...first, text };
  else children.shift();
}
