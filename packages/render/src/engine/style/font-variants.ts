import type { CssNode } from 'css-tree';
import type { FontVariantCaps } from './computed-style';
import { NO_FEATURES } from './computed-style';
import type { Expansion } from './shorthands';

/**
 * `font-variant` and its longhands, and `font-feature-settings` (CSS Fonts 4 §6–7), computed to the OpenType
 * features they turn on or off (`-liga` turns `liga` off), which the shaper passes to fontkit. `font-variant-caps`
 * stays a keyword: without the font's small-caps features the shaper synthesises them (text/small-caps.ts).
 */

type Parse<T> = (nodes: CssNode[]) => T | undefined;

const word = (node: CssNode | undefined): string | undefined =>
  node?.type === 'Identifier' ? node.name.toLowerCase() : undefined;

const isNormal = (nodes: CssNode[]): boolean => nodes.length === 1 && word(nodes[0]) === 'normal';

/**
 * A value of keywords from groups, at most one keyword of each group, in any order (`oldstyle-nums tabular-nums`):
 * the features of the keywords given, in the groups' order; `normal` alone is none.
 */
function featureGroups(groups: Array<Record<string, readonly string[]>>): Parse<readonly string[]> {
  return (nodes) => {
    if (isNormal(nodes)) return NO_FEATURES;
    const chosen: Array<readonly string[] | undefined> = groups.map(() => undefined);
    for (const node of nodes) {
      const name = word(node);
      const group = name === undefined ? -1 : groups.findIndex((g) => g[name] !== undefined);
      if (group === -1 || chosen[group]) return undefined;
      chosen[group] = (groups[group] as Record<string, readonly string[]>)[name as string];
    }
    const features = chosen.flatMap((f) => f ?? []);
    return nodes.length > 0 ? features : undefined;
  };
}

// CSS Fonts 4 §6.7.
const NUMERIC: Array<Record<string, readonly string[]>> = [
  { 'lining-nums': ['lnum'], 'oldstyle-nums': ['onum'] },
  { 'proportional-nums': ['pnum'], 'tabular-nums': ['tnum'] },
  { 'diagonal-fractions': ['frac'], 'stacked-fractions': ['afrc'] },
  { ordinal: ['ordn'] },
  { 'slashed-zero': ['zero'] },
];

// CSS Fonts 4 §6.4: each kind of ligature on or off (common ligatures and contextual alternates are on by default).
const LIGATURES: Array<Record<string, readonly string[]>> = [
  { 'common-ligatures': ['liga', 'clig'], 'no-common-ligatures': ['-liga', '-clig'] },
  { 'discretionary-ligatures': ['dlig'], 'no-discretionary-ligatures': ['-dlig'] },
  { 'historical-ligatures': ['hlig'], 'no-historical-ligatures': ['-hlig'] },
  { contextual: ['calt'], 'no-contextual': ['-calt'] },
];
const NO_LIGATURES = Object.freeze(['-liga', '-clig', '-dlig', '-hlig', '-calt']);

// CSS Fonts 4 §6.6.
const POSITION: Array<Record<string, readonly string[]>> = [{ sub: ['subs'], super: ['sups'] }];

// CSS Fonts 4 §6.10.
const EAST_ASIAN: Array<Record<string, readonly string[]>> = [
  {
    jis78: ['jp78'],
    jis83: ['jp83'],
    jis90: ['jp90'],
    jis04: ['jp04'],
    simplified: ['smpl'],
    traditional: ['trad'],
  },
  { 'full-width': ['fwid'], 'proportional-width': ['pwid'] },
  { ruby: ['ruby'] },
];

export const fontVariantNumeric = featureGroups(NUMERIC);
export const fontVariantPosition = featureGroups(POSITION);
export const fontVariantEastAsian = featureGroups(EAST_ASIAN);
const ligatureGroups = featureGroups(LIGATURES);
export const fontVariantLigatures: Parse<readonly string[]> = (nodes) =>
  nodes.length === 1 && word(nodes[0]) === 'none' ? NO_LIGATURES : ligatureGroups(nodes);

const CAPS = new Set<string>([
  'normal',
  'small-caps',
  'all-small-caps',
  'petite-caps',
  'all-petite-caps',
  'unicase',
  'titling-caps',
]);

export const fontVariantCaps: Parse<FontVariantCaps> = (nodes) => {
  const name = nodes.length === 1 ? word(nodes[0]) : undefined;
  return name !== undefined && CAPS.has(name) ? (name as FontVariantCaps) : undefined;
};

/**
 * `normal` or `"tag" [<integer> | on | off]?` separated by commas: a tag with 0 or `off` turns the feature off
 * (`-tag`), one without a value or with 1 or `on` turns it on. Values above 1 (the n-th alternate of `salt`,
 * `aalt`…) are refused, and so reported: fontkit can only turn a feature on, which picks its first alternate.
 */
export const fontFeatureSettings: Parse<readonly string[]> = (nodes) => {
  if (isNormal(nodes)) return NO_FEATURES;
  const features: string[] = [];
  let tag: string | undefined;
  let on: boolean | undefined;
  const flush = (): boolean => {
    if (tag === undefined) return false;
    // A later setting of the same tag wins: the earlier one goes.
    const name = tag;
    const kept = features.filter((f) => f !== name && f !== `-${name}`);
    features.length = 0;
    features.push(...kept, on === false ? `-${name}` : name);
    tag = undefined;
    on = undefined;
    return true;
  };
  for (const node of nodes) {
    if (node.type === 'Operator' && node.value === ',') {
      if (!flush()) return undefined;
    } else if (tag === undefined && node.type === 'String') {
      // Four printable ASCII characters (CSS Fonts 4 §7.1); anything else makes the declaration invalid.
      if (!/^[\x20-\x7e]{4}$/.test(node.value)) return undefined;
      tag = node.value;
    } else if (tag !== undefined && on === undefined && node.type === 'Number') {
      if (node.value !== '0' && node.value !== '1') return undefined;
      on = node.value === '1';
    } else if (tag !== undefined && on === undefined && (word(node) === 'on' || word(node) === 'off')) {
      on = word(node) === 'on';
    } else return undefined;
  }
  return flush() ? features : undefined;
};

/** The longhands `font-variant` sets (and `font` resets, with font-feature-settings). */
export const FONT_VARIANT_LONGHANDS = [
  'font-variant-caps',
  'font-variant-numeric',
  'font-variant-ligatures',
  'font-variant-position',
  'font-variant-east-asian',
];

const PARTS: Array<[string, (nodes: CssNode[]) => unknown]> = [
  ['font-variant-caps', fontVariantCaps],
  ['font-variant-numeric', fontVariantNumeric],
  ['font-variant-ligatures', fontVariantLigatures],
  ['font-variant-position', fontVariantPosition],
  ['font-variant-east-asian', fontVariantEastAsian],
];

/**
 * `font-variant: normal | none | <keyword>+`: each keyword goes to the longhand it belongs to (a longhand may take
 * several: `oldstyle-nums tabular-nums`); longhands not given are reset, `none` turns every ligature off.
 */
export function fontVariant(nodes: CssNode[]): Expansion | undefined {
  const longhands = new Map<string, CssNode[] | null>(FONT_VARIANT_LONGHANDS.map((name) => [name, null]));
  if (isNormal(nodes)) return { longhands };
  if (nodes.length === 1 && word(nodes[0]) === 'none') {
    longhands.set('font-variant-ligatures', nodes);
    return { longhands };
  }
  const given = new Map<string, CssNode[]>();
  for (const node of nodes) {
    // `normal` and `none` stand alone; every other keyword belongs to exactly one longhand.
    const part = word(node) === 'none' || word(node) === 'normal' ? undefined : PARTS.find(([, p]) => p([node]));
    if (!part) return undefined;
    given.set(part[0], [...(given.get(part[0]) ?? []), node]);
  }
  for (const [name, parts] of given) {
    const parse = (PARTS.find(([n]) => n === name) as [string, (nodes: CssNode[]) => unknown])[1];
    if (parse(parts) === undefined) return undefined;
    longhands.set(name, parts);
  }
  return { longhands };
}
