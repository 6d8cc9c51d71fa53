import type { CssNode } from 'css-tree';
import type { CssDeclaration, PageRule } from '../parse/css';
import { cascade, type MatchedBlock, Origin } from './cascade';
import { computeStyle, type ElementState, type StyleEnvironment } from './compute';
import type { MarginBox, MarginBoxName, PageStyle, PageStyles } from './computed-style';
import { type PreparedDeclaration, prepareDeclaration } from './declarations';
import { SHORTHAND_LONGHANDS } from './shorthands';
import { parseValue, toLength } from './values';

const mm = (n: number) => (n * 72) / 25.4;

/** Page sizes by name, portrait, in points. */
const PAGE_SIZES: Record<string, [number, number]> = {
  a3: [mm(297), mm(420)],
  a4: [mm(210), mm(297)],
  a5: [mm(148), mm(210)],
  b4: [mm(250), mm(353)],
  b5: [mm(176), mm(250)],
  'jis-b4': [mm(257), mm(364)],
  'jis-b5': [mm(182), mm(257)],
  letter: [612, 792],
  legal: [612, 1008],
  ledger: [792, 1224],
};

// What a browser's page margin boxes align their text to when the author does not say.
const DEFAULT_TEXT_ALIGN: Record<MarginBoxName, string> = {
  'top-left-corner': 'right',
  'top-left': 'left',
  'top-center': 'center',
  'top-right': 'right',
  'top-right-corner': 'left',
  'bottom-left-corner': 'right',
  'bottom-left': 'left',
  'bottom-center': 'center',
  'bottom-right': 'right',
  'bottom-right-corner': 'left',
  'left-top': 'center',
  'left-middle': 'center',
  'left-bottom': 'center',
  'right-top': 'center',
  'right-middle': 'center',
  'right-bottom': 'center',
};

export interface SourcedPageRule {
  rule: PageRule;
  part: string;
}

/**
 * A page's lengths in CSS pixels as Chromium holds them: the page box's size rounded to layout units (1/64px), its
 * margins cut down to them. Lengths from the template's page setup reach Chromium as print options, which it takes
 * in whole points, the paper rounded up and the margins cut down: A4 is 596pt by 842pt there, 20mm margins 56pt.
 */
export function pagePixels(page: Pick<PageStyle, 'width' | 'height' | 'margin' | 'fromSetup'>): {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
} {
  const setup = page.fromSetup;
  const size = (pt: number) => Math.round(((setup?.size ? Math.ceil(pt - 1e-6) : pt) / 0.75) * 64) / 64;
  const margin = (pt: number, i: number) =>
    Math.floor(((setup?.margin[i] ? Math.floor(pt + 1e-6) : pt) / 0.75) * 64 + 1e-6) / 64;
  const [top, right, bottom, left] = page.margin.map(margin) as [number, number, number, number];
  return { width: size(page.width), height: size(page.height), top, right, bottom, left };
}

/**
 * The page styles of a document: the template's page (size and margins) overridden by its `@page` rules, then
 * by `@page :first` for the first page; margin boxes with their content and style, inheriting from the page
 * context, which inherits from the root element.
 */
export function computePageStyles(
  rules: SourcedPageRule[],
  defaults: { width: number; height: number; margin: [number, number, number, number] },
  root: ElementState,
  env: StyleEnvironment,
): PageStyles {
  const all: SourcedPageRule[] = [];
  const first: SourcedPageRule[] = [];
  const left: SourcedPageRule[] = [];
  const right: SourcedPageRule[] = [];
  const bySelector: Record<string, SourcedPageRule[]> = { '': all, ':first': first, ':left': left, ':right': right };
  for (const sourced of rules) {
    const { selector, line } = sourced.rule;
    const list = bySelector[selector.replace(/\s+/g, '').toLowerCase()];
    if (list) list.push(sourced);
    else {
      env.findings.add({
        code: 'unsupported_selector',
        message: `@page ${selector}: only @page, :first, :left and :right are told apart; the rule is ignored.`,
        part: sourced.part,
        line,
      });
    }
  }
  const rtl = root.style.direction === 'rtl';
  // Later rules win: @page, then the side (:left, :right), then :first, each list in source order (CSS Paged
  // Media's specificity of page selectors).
  const firstSide = rtl ? left : right;
  const pages: PageStyles = {
    first: pageStyle([...all, ...firstSide, ...first], defaults, root, env),
    other: pageStyle([...all, ...right], defaults, root, env),
    left: pageStyle([...all, ...left], defaults, root, env),
    rtl,
  };
  const contentWidth = (page: PageStyle) => page.width - page.margin[1] - page.margin[3];
  if (Math.abs(contentWidth(pages.left) - contentWidth(pages.other)) > 0.5) {
    const line = left[0]?.rule.line ?? right[0]?.rule.line;
    env.findings.add({
      code: 'unsupported_css_value',
      message: `Left and right pages have content boxes of different widths (${Math.round(contentWidth(pages.left))}pt and ${Math.round(contentWidth(pages.other))}pt); the content is laid out at the right pages' width on both.`,
      part: (left[0] ?? right[0])?.part ?? 'css',
      ...(line !== undefined ? { line } : {}),
    });
  }
  return pages;
}

function pageStyle(
  rules: SourcedPageRule[],
  defaults: { width: number; height: number; margin: [number, number, number, number] },
  root: ElementState,
  env: StyleEnvironment,
): PageStyle {
  const page: PageStyle = {
    width: defaults.width,
    height: defaults.height,
    margin: [...defaults.margin],
    marginBoxes: {},
    fromSetup: { size: true, margin: [true, true, true, true] },
  };
  const contextDeclarations: PreparedDeclaration[] = [];
  const margins: Array<{ declaration: CssDeclaration; part: string }> = [];
  for (const { rule, part } of rules) {
    for (const declaration of rule.declarations) {
      if (declaration.property === 'size') pageSize(page, declaration, part, env);
      else if (declaration.property === 'margin' || declaration.property.startsWith('margin-'))
        margins.push({ declaration, part });
      else {
        const prepared = prepareDeclaration(declaration, part, env.findings);
        if (prepared) contextDeclarations.push(prepared);
      }
    }
  }
  const context = styleOf(contextDeclarations, root, env);
  for (const { declaration, part } of margins) pageMargin(page, declaration, part, context, env);
  roomyOrSetup(page, defaults, rules, env);

  const boxes = new Map<
    MarginBoxName,
    { declarations: PreparedDeclaration[]; content?: CssDeclaration & { part: string } }
  >();
  for (const { rule, part } of rules) {
    for (const marginRule of rule.marginRules) {
      const name = marginRule.name as MarginBoxName;
      let box = boxes.get(name);
      if (!box) {
        box = { declarations: [] };
        boxes.set(name, box);
      }
      for (const declaration of marginRule.declarations) {
        if (declaration.property === 'content') box.content = { ...declaration, part };
        else {
          const prepared = prepareDeclaration(declaration, part, env.findings);
          if (prepared) box.declarations.push(prepared);
        }
      }
    }
  }
  for (const [name, box] of boxes) {
    const content = box.content ? marginContent(box.content, env) : undefined;
    if (!content || content.length === 0) continue;
    const defaultAlign: PreparedDeclaration = {
      property: 'text-align',
      kind: 'longhand',
      value: DEFAULT_TEXT_ALIGN[name],
      important: false,
      part: 'user-agent',
      line: 0,
    };
    const style = styleOf([defaultAlign, ...box.declarations], context, env).style;
    const marginBox: MarginBox = { content, style: { ...style, display: 'block' } };
    page.marginBoxes[name] = marginBox;
  }
  return page;
}

// A CSS pixel, in points.
const PX = 0.75;

/**
 * A page whose `@page` size and margins leave less than a pixel of room for content is printed by Chromium at the
 * print settings' size and margins instead ("invalid page size and/or margins", PrintRenderFrameHelper): here the
 * template's page setup. Before, such a page printed a line or less per page, over dozens of pages.
 */
function roomyOrSetup(
  page: PageStyle,
  defaults: { width: number; height: number; margin: [number, number, number, number] },
  rules: SourcedPageRule[],
  env: StyleEnvironment,
): void {
  const width = page.width - page.margin[1] - page.margin[3];
  const height = page.height - page.margin[0] - page.margin[2];
  if (width >= PX && height >= PX) return;
  const last = rules[rules.length - 1];
  env.findings.add({
    code: 'unsupported_css_value',
    message: `The @page size and margins leave no room for content (${Math.round(width)}pt by ${Math.round(height)}pt); the page is printed at the page setup's size and margins instead, as Chromium prints it.`,
    ...(last ? { part: last.part, line: last.rule.line } : {}),
  });
  page.width = defaults.width;
  page.height = defaults.height;
  page.margin = [...defaults.margin];
  page.fromSetup = { size: true, margin: [true, true, true, true] };
}

function styleOf(declarations: PreparedDeclaration[], parent: ElementState, env: StyleEnvironment): ElementState {
  const blocks: MatchedBlock[] = [{ origin: Origin.Author, specificity: 0, order: 0, declarations }];
  return computeStyle(cascade(blocks, SHORTHAND_LONGHANDS), parent, env);
}

function pageSize(page: PageStyle, declaration: CssDeclaration, part: string, env: StyleEnvironment): void {
  const nodes = parseValue(declaration.value);
  const size = nodes ? parseSize(nodes, page, env) : undefined;
  if (!size) {
    invalid(declaration, part, env);
    return;
  }
  [page.width, page.height] = size;
  if (page.fromSetup && !/^\s*auto\s*$/i.test(declaration.value)) page.fromSetup.size = false;
}

function parseSize(nodes: CssNode[], page: PageStyle, env: StyleEnvironment): [number, number] | undefined {
  let named: [number, number] | undefined;
  let orientation: 'landscape' | 'portrait' | undefined;
  const lengths: number[] = [];
  for (const node of nodes) {
    if (node.type === 'Identifier') {
      const word = node.name.toLowerCase();
      if (word === 'landscape' || word === 'portrait') orientation = word;
      else if (word === 'auto' && nodes.length === 1) return [page.width, page.height];
      else if (PAGE_SIZES[word] && !named) named = PAGE_SIZES[word];
      else return undefined;
    } else {
      const length = toLength(node, {
        fontSize: 12,
        rootFontSize: env.rootFontSize,
        viewportWidth: page.width,
        viewportHeight: page.height,
      });
      if (length?.pct !== 0 || length.pt <= 0) return undefined;
      lengths.push(length.pt);
    }
  }
  if (lengths.length > 0 && (named || orientation || lengths.length > 2)) return undefined;
  if (lengths.length > 0) return [lengths[0] as number, lengths[1] ?? (lengths[0] as number)];
  const [w, h] = named ?? [page.width, page.height];
  if (orientation === 'landscape') return [Math.max(w, h), Math.min(w, h)];
  if (orientation === 'portrait') return [Math.min(w, h), Math.max(w, h)];
  return [w, h];
}

const MARGIN_SIDES: Record<string, number> = {
  'margin-top': 0,
  'margin-right': 1,
  'margin-bottom': 2,
  'margin-left': 3,
};

function pageMargin(
  page: PageStyle,
  declaration: CssDeclaration,
  part: string,
  context: ElementState,
  env: StyleEnvironment,
): void {
  const nodes = parseValue(declaration.value);
  const side = MARGIN_SIDES[declaration.property];
  const count = nodes?.length ?? 0;
  if (
    !nodes ||
    (side === undefined && (declaration.property !== 'margin' || count < 1 || count > 4)) ||
    (side !== undefined && count !== 1)
  ) {
    invalid(declaration, part, env);
    return;
  }
  const [t, r = t, b = t, l = r] = nodes as [CssNode, CssNode?, CssNode?, CssNode?];
  const values = side === undefined ? [t, r, b, l] : [t];
  const sides = side === undefined ? [0, 1, 2, 3] : [side];
  const resolved: number[] = [];
  for (const [i, node] of values.entries()) {
    const length = toLength(node as CssNode, {
      fontSize: context.style.fontSize,
      rootFontSize: env.rootFontSize,
      viewportWidth: page.width,
      viewportHeight: page.height,
    });
    if (!length) {
      invalid(declaration, part, env);
      return;
    }
    // Percentages of the page box: its width for left and right margins, its height for top and bottom.
    const reference = (sides[i] as number) % 2 === 0 ? page.height : page.width;
    resolved.push(length.pt + (length.pct * reference) / 100);
  }
  sides.forEach((s, i) => {
    page.margin[s] = resolved[i] as number;
    if (page.fromSetup) page.fromSetup.margin[s] = false;
  });
}

/** `content: "Page " counter(page) " of " counter(pages, upper-roman)` as parts. */
function marginContent(
  declaration: CssDeclaration & { part: string },
  env: StyleEnvironment,
): MarginBox['content'] | undefined {
  const nodes = parseValue(declaration.value);
  const content: MarginBox['content'] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'String') content.push({ kind: 'string', value: node.value });
    else if (node.type === 'Identifier' && (node.name === 'none' || node.name === 'normal') && nodes?.length === 1)
      return [];
    else if (node.type === 'Function' && node.name.toLowerCase() === 'counter') {
      const args = node.children.toArray().filter((n) => n.type !== 'Operator');
      const [name, style] = args.map((n) => (n.type === 'Identifier' ? n.name.toLowerCase() : ''));
      if ((name !== 'page' && name !== 'pages') || args.length > 2 || style === '') {
        invalid(declaration, declaration.part, env);
        return undefined;
      }
      content.push({ kind: 'counter', name, style: style ?? 'decimal' });
    } else {
      invalid(declaration, declaration.part, env);
      return undefined;
    }
  }
  if (!nodes) invalid(declaration, declaration.part, env);
  return nodes ? content : undefined;
}

function invalid(declaration: CssDeclaration, part: string, env: StyleEnvironment): void {
  env.findings.add({
    code: 'unsupported_css_value',
    message: `@page ${declaration.property}: ${declaration.value} is not a value the engine supports; it is ignored.`,
    part,
    line: declaration.line,
  });
}
