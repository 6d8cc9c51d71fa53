import type { Findings } from '../findings';
import * as csstree from './css-tree';
import { type MediaContext, matchesMedia } from './media';
import { splitSelectorList } from './selector-list';

export interface CssDeclaration {
  /** Lower-case, except custom properties (`--Brand` and `--brand` differ). */
  property: string;
  /** The value as written, trimmed, without `!important`. */
  value: string;
  important: boolean;
  line: number;
}

/** A style rule with CSS nesting flattened: its selector list is absolute (`.a { & .b {} }` gives `.a .b`). */
export interface StyleRule {
  selector: string;
  declarations: CssDeclaration[];
  line: number;
  /** Position in the stylesheet's source order. */
  order: number;
}

/** An `@top-center { … }` (etc.) inside an `@page` rule. */
export interface MarginRule {
  name: string;
  declarations: CssDeclaration[];
  line: number;
}

export interface PageRule {
  /** The page selector as written, lower case: `''`, `:first`, `:left`, `:right` (named pages are reported). */
  selector: string;
  declarations: CssDeclaration[];
  marginRules: MarginRule[];
  line: number;
  order: number;
}

export interface Stylesheet {
  /** The template part it came from (`css`, `html`, …), for findings. */
  part: string;
  rules: StyleRule[];
  pageRules: PageRule[];
  /** `@font-face` rules: their descriptors as declarations. */
  fontFaces: FontFaceRule[];
}

export interface FontFaceRule {
  declarations: CssDeclaration[];
  line: number;
  part: string;
}

export interface CssOrigin {
  part: string;
  /** Lines before the stylesheet's first line in its part (a `<style>` block's position in the HTML). */
  lineOffset?: number;
}

// The page box's size for media queries (A4 unless told): a browser printing evaluates `width` against it.
const A4: MediaContext = { width: 595.28, height: 841.89 };

// At-rules that do nothing here.
const UNSUPPORTED_AT_RULES = new Set([
  'import',
  'keyframes',
  '-webkit-keyframes',
  'counter-style',
  'namespace',
  'container',
  'property',
  'font-feature-values',
  'font-palette-values',
  'document',
  'viewport',
  'scope',
  'starting-style',
  'view-transition',
  'position-try',
]);

const MARGIN_BOXES = new Set([
  'top-left-corner',
  'top-left',
  'top-center',
  'top-right',
  'top-right-corner',
  'bottom-left-corner',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'bottom-right-corner',
  'left-top',
  'left-middle',
  'left-bottom',
  'right-top',
  'right-middle',
  'right-bottom',
]);

type Block = csstree.List<csstree.CssNode> | csstree.CssNode[];

/**
 * Parses a stylesheet as a browser printing would read it: nesting flattened, `@media` rules for print kept and
 * others dropped, `@supports` applied, `@page` rules apart. What it cannot use is reported, nothing throws.
 */
export function parseStylesheet(
  text: string,
  origin: CssOrigin,
  findings: Findings,
  media: MediaContext = A4,
): Stylesheet {
  const sheet: Stylesheet = { part: origin.part, rules: [], pageRules: [], fontFaces: [] };
  const reader = new SheetReader(sheet, origin, findings, media);
  reader.readBlock(reader.parse(text, 'stylesheet', 1 + (origin.lineOffset ?? 0)), null);
  return sheet;
}

/** Parses the declarations of a `style` attribute. */
export function parseDeclarations(text: string, origin: CssOrigin, findings: Findings): CssDeclaration[] {
  const sheet: Stylesheet = { part: origin.part, rules: [], pageRules: [], fontFaces: [] };
  const reader = new SheetReader(sheet, origin, findings, A4);
  const declarations: CssDeclaration[] = [];
  const line = 1 + (origin.lineOffset ?? 0);
  for (const node of children(reader.parse(text, 'declarationList', line))) {
    if (node.type === 'Declaration') declarations.push(declaration(node, line));
    else reader.report('invalid_css', `"${csstree.generate(node).slice(0, 60)}" is not a declaration.`, line);
  }
  return declarations;
}

class SheetReader {
  private order = 0;

  constructor(
    private readonly sheet: Stylesheet,
    private readonly origin: CssOrigin,
    private readonly findings: Findings,
    private readonly media: MediaContext,
  ) {}

  parse(text: string, context: 'stylesheet' | 'declarationList', line: number): Block {
    let ast: csstree.CssNode;
    try {
      ast = this.parseTolerantly(text, context, line);
    } catch (error) {
      this.report('invalid_css', `CSS that does not parse is ignored: ${(error as Error).message}.`, line);
      return [];
    }
    return 'children' in ast && ast.children ? ast.children : [];
  }

  private parseTolerantly(text: string, context: 'stylesheet' | 'declarationList', line: number): csstree.CssNode {
    return csstree.parse(text, {
      context,
      line,
      positions: true,
      parseValue: false,
      parseRulePrelude: false,
      parseAtrulePrelude: false,
      parseCustomProperty: false,
      // What does not parse becomes a Raw node, reported (or re-read as nesting) by readRaw.
      onParseError: () => undefined,
    });
  }

  report(code: string, message: string, line?: number): void {
    this.findings.add({ code, message, part: this.origin.part, ...(line === undefined ? {} : { line }) });
  }

  /** Reads a block's rules; `parents` are the enclosing rule's absolute selectors when nested. */
  readBlock(block: Block, parents: string[] | null): void {
    let run: CssDeclaration[] = [];
    let runLine = 0;
    const flush = () => {
      if (run.length > 0 && parents) this.pushRule(parents, run, runLine);
      run = [];
    };
    for (const node of children(block)) {
      const line = lineOf(node);
      if (node.type === 'Declaration') {
        if (!parents) {
          this.report('invalid_css', `The declaration "${node.property}" outside any rule is ignored.`, line);
          continue;
        }
        if (run.length === 0) runLine = line;
        run.push(declaration(node, line));
        continue;
      }
      // Declarations after a nested rule apply after it (CSS nesting's nested declarations rule).
      flush();
      if (node.type === 'Rule') this.readRule(node, parents);
      else if (node.type === 'Atrule') this.readAtRule(node, parents);
      else if (node.type === 'Raw') this.readRaw(node, parents);
    }
    flush();
  }

  private readRule(rule: csstree.Rule, parents: string[] | null): void {
    const own = splitSelectorList(preludeText(rule.prelude));
    if (own.length === 0) {
      this.report('invalid_css', 'A rule without a selector is ignored.', lineOf(rule));
      return;
    }
    this.readBlock(rule.block.children, parents ? nest(parents, own) : own);
  }

  private readAtRule(rule: csstree.Atrule, parents: string[] | null): void {
    const name = rule.name.toLowerCase();
    const line = lineOf(rule);
    const prelude = preludeText(rule.prelude);
    if (name === 'media') {
      if (rule.block && matchesMedia(prelude, this.media)) this.readBlock(rule.block.children, parents);
    } else if (name === 'supports') {
      if (rule.block && supports(prelude)) this.readBlock(rule.block.children, parents);
    } else if (name === 'layer') {
      // Layers only reorder the cascade between layers; their rules apply.
      if (rule.block) this.readBlock(rule.block.children, parents);
    } else if (name === 'page' && !parents) {
      this.readPage(rule, prelude.toLowerCase());
    } else if (name === 'font-face' && !parents) {
      const declarations: CssDeclaration[] = [];
      for (const node of children(rule.block?.children ?? [])) {
        if (node.type === 'Declaration') declarations.push(declaration(node, lineOf(node)));
      }
      this.sheet.fontFaces.push({ declarations, line, part: this.sheet.part });
    } else if (name === 'charset') {
      // The text is already decoded.
    } else if (UNSUPPORTED_AT_RULES.has(name)) {
      this.report('unsupported_at_rule', `@${name} is not supported yet; it is ignored.`, line);
    } else {
      this.report('unsupported_at_rule', `@${name} is not supported; it is ignored.`, line);
    }
  }

  private readPage(rule: csstree.Atrule, selector: string): void {
    const line = lineOf(rule);
    const page: PageRule = { selector, declarations: [], marginRules: [], line, order: this.order++ };
    if (selector !== '' && selector !== ':first' && selector !== ':left' && selector !== ':right') {
      this.report(
        'unsupported_selector',
        `@page ${selector}: only :first, :left and :right pages are supported.`,
        line,
      );
      return;
    }
    for (const node of children(rule.block?.children ?? [])) {
      if (node.type === 'Declaration') page.declarations.push(declaration(node, lineOf(node)));
      else if (node.type === 'Atrule' && MARGIN_BOXES.has(node.name.toLowerCase()) && node.block) {
        const declarations: CssDeclaration[] = [];
        for (const child of children(node.block.children)) {
          if (child.type === 'Declaration') declarations.push(declaration(child, lineOf(child)));
        }
        page.marginRules.push({ name: node.name.toLowerCase(), declarations, line: lineOf(node) });
      } else if (node.type === 'Atrule') {
        this.report(
          'unsupported_at_rule',
          `@${node.name} inside @page is not a margin box; it is ignored.`,
          lineOf(node),
        );
      }
    }
    this.sheet.pageRules.push(page);
  }

  /**
   * css-tree parses only nested rules that start with `&`, leaving the rest of the block from a nested `.c { }` or
   * `> p { }` raw: read it again as `& .c { }` (`&` is implied), which shortens the raw text each time.
   */
  private readRaw(raw: csstree.Raw, parents: string[] | null): void {
    const text = raw.value.trim();
    if (!text) return;
    if (parents && !text.startsWith('&') && /^[^{};]+\{/.test(text)) {
      this.readBlock(this.parse(`& ${text}`, 'declarationList', lineOf(raw)), parents);
      return;
    }
    this.report('invalid_css', `CSS that does not parse is ignored: "${text.slice(0, 60)}".`, lineOf(raw));
  }

  private pushRule(selectors: string[], declarations: CssDeclaration[], line: number): void {
    this.sheet.rules.push({ selector: selectors.join(', '), declarations, line, order: this.order++ });
  }
}

/** Resolves nested selectors against their parents' (`&` replaced; a selector without `&` is a descendant). */
function nest(parents: string[], own: string[]): string[] {
  const out: string[] = [];
  for (const selector of own) {
    const relative = /^[>+~]/.test(selector) ? `& ${selector}` : selector;
    for (const parent of parents) {
      out.push(relative.includes('&') ? relative.replaceAll('&', parent) : `${parent} ${relative}`);
    }
  }
  return out;
}

// Quire applies the rules inside `@supports`, except those guarded by a top-level `not`.
function supports(condition: string): boolean {
  return !/^\s*not\b/i.test(condition);
}

function declaration(node: csstree.Declaration, line: number): CssDeclaration {
  const property = node.property.startsWith('--') ? node.property : node.property.toLowerCase();
  const value = node.value.type === 'Raw' ? node.value.value : csstree.generate(node.value);
  return { property, value: value.trim(), important: node.important !== false, line };
}

function preludeText(prelude: csstree.AtrulePrelude | csstree.SelectorList | csstree.Raw | null): string {
  if (!prelude) return '';
  return (prelude.type === 'Raw' ? prelude.value : csstree.generate(prelude)).trim();
}

function children(block: Block): csstree.CssNode[] {
  return Array.isArray(block) ? block : block.toArray();
}

function lineOf(node: csstree.CssNode): number {
  return node.loc?.start.line ?? 0;
}
