import { isSelectable } from './annotate';
import { declared, parseDeclarations } from './inline-style';
import {
  attribute,
  type LiquidFrame,
  lineColumn,
  type SourceElement,
  type SourceNode,
  type SourceTree,
  sameFrames,
} from './source-tree';
import { type DisplayText, displayText } from './text';

/** Why Easy Mode leaves something to Boss Mode. Each has a message (`easy.lock.<reason>`). */
export type LockReason =
  /** Liquid inside the tag itself (`<tr {% if x %}class="a"{% endif %}>`). */
  | 'liquid_in_tag'
  /** The style attribute is written with Liquid (`style="color: {{ c }}"`). */
  | 'style_liquid'
  /** The element opens and closes in different Liquid blocks or branches. */
  | 'crosses_liquid'
  /** Inside `{% capture %}`: drawn wherever the variable is printed. */
  | 'captured'
  /** Written without its end tag: where its text ends is the browser's guess. */
  | 'no_end_tag'
  /** Text kept exactly as written (`<pre>`, `<style>`, `<textarea>`…). */
  | 'verbatim'
  /** The text uses an entity that could not be written back the same way. */
  | 'entity'
  /** The part has Liquid or a tag that does not close: nothing in it can be pointed at safely. */
  | 'broken';

/** One piece of an element's content, in source order. */
export type ContentPiece =
  /** Text Easy Mode can change: `index` is what `editText` takes. */
  | { type: 'text'; index: number; text: string }
  /** Text it shows but leaves alone (inside a loop within the element, say). */
  | { type: 'locked-text'; text: string }
  /** `{{ … }}`: printed data. */
  | { type: 'output'; markup: string }
  /** `{% … %}`: a loop, a condition, an assignment… */
  | { type: 'tag'; name: string; markup: string }
  /** A child element, selectable on its own. */
  | { type: 'element'; id: string; name: string; text: string };

export interface ElementModel {
  id: string;
  name: string;
  /** The Liquid blocks the element is inside (outermost first): shown as locked chips. */
  context: LiquidFrame[];
  content: ContentPiece[];
  /** Why its text cannot be changed here; null when it can. */
  textLock: LockReason | null;
  /** Why its style and visibility cannot be changed here; null when they can. */
  styleLock: LockReason | null;
  /** The inline style's value as written ('' without one). */
  style: string;
  color: string | undefined;
  fontSize: string | undefined;
  /** Hidden by an inline `display: none`. */
  hidden: boolean;
  /** For images: the `src` as written, when it has no Liquid. */
  src: string | undefined;
  /** Where it starts, for Boss Mode. */
  line: number;
  column: number;
}

const VERBATIM = new Set(['pre', 'textarea', 'style', 'script', 'xmp', 'listing', 'plaintext', 'code']);

/** The editable text runs of an element: text directly inside it, at its own Liquid level, that shows. */
export function textRuns(
  tree: SourceTree,
  element: SourceElement,
): { start: number; end: number; shown: DisplayText | null }[] {
  const runs: { start: number; end: number; shown: DisplayText | null }[] = [];
  for (const child of element.children) {
    if (child.kind !== 'text' || child.flavor !== 'text' || !sameFrames(child.frames, element.frames)) continue;
    if (!tree.source.slice(child.start, child.end).trim()) continue;
    runs.push({ start: child.start, end: child.end, shown: displayText(tree.source, child.start, child.end) });
  }
  return runs;
}

function inCapture(element: SourceElement): boolean {
  return element.frames.some((frame) => frame.tag === 'capture');
}

function verbatim(element: SourceElement): boolean {
  for (let e: SourceElement | null = element; e; e = e.parent) if (VERBATIM.has(e.name)) return true;
  return false;
}

/** Why the open tag cannot be edited (style, visibility, attributes), or null. */
export function tagLock(tree: SourceTree, element: SourceElement): LockReason | null {
  if (tree.broken) return 'broken';
  if (element.liquidInTag) return 'liquid_in_tag';
  if (inCapture(element)) return 'captured';
  return null;
}

/** Why the text cannot be edited, or null. */
export function textLock(tree: SourceTree, element: SourceElement): LockReason | null {
  const tag = tagLock(tree, element);
  if (tag) return tag;
  if (element.crossesLiquid) return 'crosses_liquid';
  if (verbatim(element)) return 'verbatim';
  if (!element.void && !element.close) return 'no_end_tag';
  if (textRuns(tree, element).some((run) => run.shown === null)) return 'entity';
  return null;
}

function styleLockOf(tree: SourceTree, element: SourceElement): LockReason | null {
  const tag = tagLock(tree, element);
  if (tag) return tag;
  return attribute(element, 'style')?.liquid ? 'style_liquid' : null;
}

/** The shown text of a subtree, shortened, to name an element in a list. */
export function excerpt(tree: SourceTree, node: SourceNode, limit = 60): string {
  const parts: string[] = [];
  const walk = (n: SourceNode) => {
    if (n.kind === 'text' && n.flavor === 'text') parts.push(displayText(tree.source, n.start, n.end)?.text ?? '');
    else if (n.kind === 'liquid' && n.type === 'output') parts.push(`{{ ${n.markup} }}`);
    else if (n.kind === 'element') for (const child of n.children) walk(child);
  };
  walk(node);
  const text = parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** What the inspector shows about an element: its content as text and chips, its style, what is locked. */
export function describeElement(tree: SourceTree, id: string): ElementModel | null {
  const element = tree.byId.get(id);
  if (!element) return null;
  const { source } = tree;
  const lock = textLock(tree, element);
  const content: ContentPiece[] = [];
  let runIndex = 0;
  for (const child of element.children) {
    if (child.kind === 'text') {
      if (child.flavor !== 'text' || !source.slice(child.start, child.end).trim()) continue;
      const shown = displayText(source, child.start, child.end);
      const text = shown?.text ?? source.slice(child.start, child.end).trim();
      if (sameFrames(child.frames, element.frames) && !lock) content.push({ type: 'text', index: runIndex++, text });
      else {
        if (sameFrames(child.frames, element.frames)) runIndex++;
        content.push({ type: 'locked-text', text });
      }
    } else if (child.kind === 'liquid') {
      if (child.type === 'output') content.push({ type: 'output', markup: child.markup });
      else if (child.type === 'tag') content.push({ type: 'tag', name: child.name, markup: child.markup });
    } else if (isSelectable(child)) {
      content.push({ type: 'element', id: child.id, name: child.name, text: excerpt(tree, child, 40) });
    }
  }
  const styleAttr = attribute(element, 'style');
  const style = styleAttr?.value ? source.slice(styleAttr.value.start, styleAttr.value.end) : '';
  const srcAttr = attribute(element, 'src');
  const displays = parseDeclarations(style).filter((d) => d.property === 'display');
  const { line, column } = lineColumn(source, element.start);
  return {
    id,
    name: element.name,
    context: [...element.frames],
    content,
    textLock: lock,
    styleLock: styleLockOf(tree, element),
    style,
    color: declared(style, 'color'),
    fontSize: declared(style, 'font-size'),
    hidden: displays[displays.length - 1]?.value.toLowerCase().replace(/\s*!important$/, '') === 'none',
    src: srcAttr?.value && !srcAttr.liquid ? source.slice(srcAttr.value.start, srcAttr.value.end) : undefined,
    line,
    column,
  };
}
