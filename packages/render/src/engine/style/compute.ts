import type { CssNode } from 'css-tree';
import type { Findings } from '../findings';
import type { Cascaded } from './cascade';
import {
  type ComputedStyle,
  type Display,
  INHERITED_PROPERTIES,
  initialStyle,
  type TextDecoration,
} from './computed-style';
import type { PreparedDeclaration } from './declarations';
import { logicalShorthands, meantLonghand } from './flow-relative';
import { LONGHANDS, type PropertyContext } from './longhands';
import { type Expansion, SHORTHAND_LONGHANDS, SHORTHANDS } from './shorthands';
import { parseValue, UnresolvedLength } from './values';
import { computeCustomProperties, hasVar, substituteVars } from './vars';

/** An element's computed style and custom properties (what its children inherit). */
export interface ElementState {
  style: ComputedStyle;
  custom: ReadonlyMap<string, string>;
}

/** What every element's computation shares in one render. */
export interface StyleEnvironment {
  viewportWidth: number;
  viewportHeight: number;
  /** The root element's font size, for rem (12pt until the root's own is known). */
  rootFontSize: number;
  findings: Findings;
  /** Declarations already reported, so that a rule matching 2,000 rows costs one finding. */
  reported: WeakSet<PreparedDeclaration>;
  /**
   * Values reported so far, repeats included: a styler that keeps computed styles for the documents after this one
   * lets them reuse only those whose computation had nothing to say (compute-styles.ts).
   */
  noted: number;
}

const INITIAL = initialStyle();
const NO_DECORATION = INITIAL.textDecoration;

// Computed first: lengths in em need the font size, vertical-align the line height, borders currentColor, and
// flow-relative properties the writing mode and direction.
const FIRST = ['font-size', 'line-height', 'color', 'writing-mode', 'direction'];
const FIRST_SET = new Set(FIRST);
const LOGICAL_SHORTHANDS = logicalShorthands(SHORTHAND_LONGHANDS);

const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;
const ATOMIC_INLINE = new Set<Display>(['inline-block', 'inline-table', 'inline-flex', 'inline-grid']);
const BLOCKIFIED: Partial<Record<Display, Display>> = {
  inline: 'block',
  'inline-block': 'block',
  'inline-table': 'table',
  'inline-flex': 'flex',
  'inline-grid': 'grid',
};
const FLEX_OR_GRID = new Set<Display>(['flex', 'inline-flex', 'grid', 'inline-grid']);

/** The state of the root's parent: initial values, no custom properties. */
export function rootParentState(): ElementState {
  return { style: INITIAL, custom: new Map() };
}

/**
 * Computes one element's style from its cascaded declarations and its parent's state: inheritance, CSS-wide
 * keywords, var(), shorthands, units; an invalid value falls back to the declaration below it, as in a browser.
 */
export function computeStyle(
  cascaded: Cascaded,
  parent: ElementState,
  env: StyleEnvironment,
  lang?: string,
): ElementState {
  // A fresh literal, not a spread of INITIAL: V8 makes the copy of a spread slow to write to (its fields then
  // change representation per element); this took 40% off the style stage of a one-page invoice.
  const style = initialStyle();
  const writable = style as unknown as Record<string, unknown>;
  const from = parent.style as unknown as Record<string, unknown>;
  for (const key of INHERITED_PROPERTIES) writable[key] = from[key];
  if (lang !== undefined) style.lang = lang.toLowerCase();

  const custom = computeCustomProperties(cascaded.custom, parent.custom);
  const c: PropertyContext = {
    style,
    parent: parent.style,
    decoration: {},
    fontSize: parent.style.fontSize,
    rootFontSize: env.rootFontSize,
    viewportWidth: env.viewportWidth,
    viewportHeight: env.viewportHeight,
    // Present from the start: V8 keeps one shape for the context however many declarations set them.
    declaration: undefined,
    notDrawn: undefined,
  };
  const declared = new Set<string>();
  const applyProperty = (name: string, list: PreparedDeclaration[]) => {
    const longhand = LONGHANDS[name];
    if (!longhand) return;
    for (let i = list.length - 1; i >= 0; i--) {
      const declaration = list[i] as PreparedDeclaration;
      const source = meantLonghand(declaration, name, style.writingMode, style.direction, LOGICAL_SHORTHANDS);
      if (source === undefined) continue;
      const result = applyDeclaration(name, source, declaration, c, custom, env);
      if (result === 'invalid') continue;
      if (result === 'set') declared.add(name);
      return;
    }
  };
  for (const name of FIRST) {
    const list = cascaded.longhands.get(name);
    if (list) applyProperty(name, list);
    if (name === 'font-size') c.fontSize = style.fontSize;
  }
  for (const [name, list] of cascaded.longhands) if (!FIRST_SET.has(name)) applyProperty(name, list);

  finishBorders(style, declared);
  style.textDecoration = decoration(style, parent.style, c.decoration);
  if (
    FLEX_OR_GRID.has(parent.style.display) ||
    style.float !== 'none' ||
    style.position === 'absolute' ||
    style.position === 'fixed'
  ) {
    style.display = BLOCKIFIED[style.display] ?? style.display;
  }
  return { style, custom };
}

type Result = 'set' | 'reset' | 'invalid';

/** Applies a declaration to the physical longhand `name`; `source` is the longhand of the declaration that means it. */
function applyDeclaration(
  name: string,
  source: string,
  declaration: PreparedDeclaration,
  c: PropertyContext,
  custom: ReadonlyMap<string, string>,
  env: StyleEnvironment,
): Result {
  const longhand = LONGHANDS[name] as NonNullable<(typeof LONGHANDS)[string]>;
  let text = declaration.value;
  const substituted = hasVar(text);
  if (substituted) {
    const value = substituteVars(text, (n) => custom.get(n));
    if (value === undefined) {
      report(
        env,
        declaration,
        `${declaration.property}: ${text} uses a custom property that is not defined; the property is unset.`,
      );
      return unset(longhand, c);
    }
    text = value;
  }
  const keyword = cssWideKeyword(text);
  if (keyword === 'inherit') {
    longhand.reset(c, c.parent);
    return 'set';
  }
  if (keyword === 'initial') {
    longhand.reset(c, undefined);
    return 'reset';
  }
  if (keyword === 'unset') return unset(longhand, c);

  let nodes = parseValue(text);
  if (nodes && declaration.kind === 'shorthand') {
    const expansion = expand(declaration.property, text, nodes);
    if (expansion?.ignored)
      report(env, declaration, `${declaration.property}: ${text}: ${expansion.ignored} not supported; ignored.`);
    const part = expansion?.longhands.get(source);
    if (part === null) {
      longhand.reset(c, undefined);
      return 'reset';
    }
    nodes = part ?? null;
  }
  try {
    c.declaration = declaration;
    if (nodes && longhand.apply(nodes, c)) {
      if (c.notDrawn !== undefined) {
        report(env, declaration, `${declaration.property}: ${text}: ${c.notDrawn}.`);
        c.notDrawn = undefined;
      }
      return 'set';
    }
  } catch (error) {
    if (!(error instanceof UnresolvedLength)) throw error;
    report(
      env,
      declaration,
      `${declaration.property}: ${text}: ${error.message} cannot be resolved; the declaration is ignored.`,
    );
    return substituted ? unset(longhand, c) : 'invalid';
  }
  report(
    env,
    declaration,
    `${declaration.property}: ${text} is not a value the engine supports; the declaration is ignored.`,
  );
  // Invalid after var() substitution is invalid at computed-value time: unset, not the declaration below.
  return substituted ? unset(longhand, c) : 'invalid';
}

function unset(longhand: (typeof LONGHANDS)[string] & object, c: PropertyContext): Result {
  longhand.reset(c, longhand.inherited ? c.parent : undefined);
  return longhand.inherited ? 'set' : 'reset';
}

function cssWideKeyword(text: string): 'inherit' | 'initial' | 'unset' | undefined {
  if (text.length > 12) return undefined;
  const word = text.trim().toLowerCase();
  if (word === 'inherit' || word === 'initial') return word;
  // Without cascade layers or user styles, revert is unset.
  if (word === 'unset' || word === 'revert' || word === 'revert-layer') return 'unset';
  return undefined;
}

const expansions = new Map<string, Expansion | null>();
// Bounded as values.ts's parsed values are (shorthands that print data are new in every render).
const MAX_EXPANSIONS = 5_000;

function expand(shorthand: string, text: string, nodes: CssNode[]): Expansion | undefined {
  const key = `${shorthand}\n${text}`;
  let expansion = expansions.get(key);
  if (expansion === undefined) {
    expansion = SHORTHANDS[shorthand]?.(nodes) ?? null;
    if (expansions.size >= MAX_EXPANSIONS) expansions.clear();
    expansions.set(key, expansion);
  }
  return expansion ?? undefined;
}

function report(env: StyleEnvironment, declaration: PreparedDeclaration, message: string): void {
  env.noted++;
  if (env.reported.has(declaration)) return;
  env.reported.add(declaration);
  env.findings.add({ code: 'unsupported_css_value', message, part: declaration.part, line: declaration.line });
}

/** Border widths are 0 without a style and medium when not given; colours are currentColor when not given. */
function finishBorders(style: ComputedStyle, declared: Set<string>): void {
  for (const side of SIDES) {
    const key = `border${side}` as const;
    const border = style[key];
    if (border.style === 'none' || border.style === 'hidden') {
      if (border.width !== 0) style[key] = { ...border, width: 0 };
      continue;
    }
    const lower = side.toLowerCase();
    const width = declared.has(`border-${lower}-width`) ? border.width : 2.25;
    const color = declared.has(`border-${lower}-color`) ? border.color : style.color;
    if (width !== border.width || color !== border.color) style[key] = { ...border, width, color };
  }
  const rule = style.columnRule;
  if (rule.style === 'none' || rule.style === 'hidden') {
    if (rule.width !== 0) style.columnRule = { ...rule, width: 0 };
  } else {
    const width = declared.has('column-rule-width') ? rule.width : 2.25;
    const color = declared.has('column-rule-color') ? rule.color : style.color;
    if (width !== rule.width || color !== rule.color) style.columnRule = { ...rule, width, color };
  }
  const { outline } = style;
  if (outline.style === 'none') {
    if (outline.width !== 0) style.outline = { ...outline, width: 0 };
    return;
  }
  const width = declared.has('outline-width') ? outline.width : 2.25;
  const color = declared.has('outline-color') ? outline.color : style.color;
  if (width !== outline.width || color !== outline.color) style.outline = { ...outline, width, color };
}

/**
 * The decorations drawn on the element's text: its parent's (except into atomic inlines) with its own, the
 * colour of each being that of the element that set it.
 */
function decoration(style: ComputedStyle, parent: ComputedStyle, own: PropertyContext['decoration']): TextDecoration {
  const inherited = ATOMIC_INLINE.has(style.display) ? NO_DECORATION : parent.textDecoration;
  const lines = own.lines;
  if (!lines || (!lines.underline && !lines.overline && !lines.lineThrough)) return inherited;
  return {
    underline: lines.underline || inherited.underline,
    overline: lines.overline || inherited.overline,
    lineThrough: lines.lineThrough || inherited.lineThrough,
    color: own.color ?? style.color,
    style: own.style ?? 'solid',
  };
}
