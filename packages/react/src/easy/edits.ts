/**
 * Easy Mode's scoped edits: each changes one element's text, inline style or visibility in the source, and every
 * other byte stays as it was, so that Boss Mode shows the same template with that one change.
 */
import { tagLock, textLock, textRuns } from './element-model';
import { appendDeclaration, parseDeclarations, removeDeclaration, setDeclaration } from './inline-style';
import { attribute, type SourceElement, type SourceTree } from './source-tree';
import { textSplice } from './text';

/** A change of the source: `source[start, end)` becomes `insert`. */
export interface Splice {
  start: number;
  end: number;
  insert: string;
}

export const applySplice = (source: string, splice: Splice): string =>
  source.slice(0, splice.start) + splice.insert + source.slice(splice.end);

/** Thrown when an edit is asked of something Easy Mode shows locked: a bug of the caller, not of the person. */
export class LockedEditError extends Error {
  constructor(id: string, reason: string) {
    super(`Element ${id} cannot be edited in Easy Mode: ${reason}`);
    this.name = 'LockedEditError';
  }
}

function element(tree: SourceTree, id: string): SourceElement {
  const found = tree.byId.get(id);
  if (!found) throw new LockedEditError(id, 'not_found');
  return found;
}

/** Changes the shown text of one run of an element (`index` counts its editable runs). */
export function editText(tree: SourceTree, id: string, index: number, text: string): string {
  const el = element(tree, id);
  const lock = textLock(tree, el);
  if (lock) throw new LockedEditError(id, lock);
  const run = textRuns(tree, el)[index];
  if (!run?.shown) throw new LockedEditError(id, 'no_such_text');
  const splice = textSplice(run.shown, text);
  return splice ? applySplice(tree.source, splice) : tree.source;
}

/** The splice that replaces an element's style value (adding or removing the attribute as needed). */
function styleSplice(tree: SourceTree, el: SourceElement, next: (style: string) => string): Splice | null {
  const { source } = tree;
  const attr = attribute(el, 'style');
  if (attr?.liquid) throw new LockedEditError(el.id, 'style_liquid');
  if (attr && !attr.value) {
    // A bare `style`: give it a value.
    const value = next('');
    return value ? { start: attr.start, end: attr.end, insert: `style="${value}"` } : null;
  }
  if (attr?.value) {
    const was = source.slice(attr.value.start, attr.value.end);
    const value = next(was);
    if (value === was) return null;
    if (!value.trim()) {
      // Nothing left: the attribute goes, with the space before it.
      let from = attr.start;
      while (from > el.nameEnd && /\s/.test(source[from - 1] as string)) from--;
      const quoteEnd = attr.value.quote ? attr.value.end + 1 : attr.value.end;
      return { start: from, end: Math.max(attr.end, quoteEnd), insert: '' };
    }
    return { start: attr.value.start, end: attr.value.end, insert: escapeAttribute(value, attr.value.quote) };
  }
  const value = next('');
  if (!value.trim()) return null;
  // After the last attribute (or the name), so that `<img src="a" />` keeps its own spacing.
  const last = el.attributes[el.attributes.length - 1];
  const at = last ? last.end : el.nameEnd;
  return { start: at, end: at, insert: ` style="${escapeAttribute(value, '"')}"` };
}

function escapeAttribute(value: string, quote: '"' | "'" | ''): string {
  if (quote === "'") return value.replace(/'/g, '&#39;');
  return value.replace(/"/g, '&quot;');
}

function editStyle(tree: SourceTree, id: string, next: (style: string) => string): string {
  const el = element(tree, id);
  const lock = tagLock(tree, el);
  if (lock) throw new LockedEditError(id, lock);
  const splice = styleSplice(tree, el, next);
  return splice ? applySplice(tree.source, splice) : tree.source;
}

/** CSS values Easy Mode writes: colours, lengths, keywords. Anything else is refused rather than escaped. */
const SAFE_VALUE = /^[#\w\s.,%()+-]+$/;

/** Sets (or, with null, removes) one property of an element's inline style. */
export function setStyle(tree: SourceTree, id: string, property: string, value: string | null): string {
  if (value !== null && !SAFE_VALUE.test(value)) throw new LockedEditError(id, `unsafe value for ${property}`);
  return editStyle(tree, id, (style) => {
    if (value !== null) return setDeclaration(style, property, value);
    const found = parseDeclarations(style).filter((d) => d.property === property);
    const last = found[found.length - 1];
    return last ? removeDeclaration(style, last) : style;
  });
}

/**
 * Hides an element with an inline `display: none` added after its other declarations, or shows it again by
 * taking that declaration out: hiding and showing again gives back the source as it was.
 */
export function setHidden(tree: SourceTree, id: string, hidden: boolean): string {
  return editStyle(tree, id, (style) => {
    const displays = parseDeclarations(style).filter((d) => d.property === 'display');
    const last = displays[displays.length - 1];
    const isHidden = last?.value.replace(/\s*!important$/i, '').toLowerCase() === 'none';
    if (hidden) return isHidden ? style : appendDeclaration(style, 'display', 'none');
    let next = style;
    // Every `display: none` goes (the person asked to see it); other display values stay.
    for (;;) {
      const none = parseDeclarations(next)
        .filter((d) => d.property === 'display' && d.value.replace(/\s*!important$/i, '').toLowerCase() === 'none')
        .pop();
      if (!none) return next;
      next = removeDeclaration(next, none);
    }
  });
}

/** Sets an attribute's value (an image's `src`), adding the attribute when it is missing. */
export function setAttribute(tree: SourceTree, id: string, name: string, value: string): string {
  const el = element(tree, id);
  const lock = tagLock(tree, el);
  if (lock) throw new LockedEditError(id, lock);
  const attr = attribute(el, name);
  if (attr?.liquid) throw new LockedEditError(id, 'attribute_liquid');
  if (attr?.value) {
    return applySplice(tree.source, {
      start: attr.value.start,
      end: attr.value.end,
      insert: escapeAttribute(value, attr.value.quote),
    });
  }
  const insert = `${name}="${escapeAttribute(value, '"')}"`;
  if (attr) return applySplice(tree.source, { start: attr.start, end: attr.end, insert });
  const last = el.attributes[el.attributes.length - 1];
  const at = last ? last.end : el.nameEnd;
  return applySplice(tree.source, { start: at, end: at, insert: ` ${insert}` });
}

/** Removes an element (its tags and content) and the line it stood on when it stood alone on it. */
export function removeElement(tree: SourceTree, id: string): string {
  const el = element(tree, id);
  const lock = tagLock(tree, el) ?? (el.crossesLiquid ? 'crosses_liquid' : null);
  if (lock) throw new LockedEditError(id, lock);
  const { source } = tree;
  let start = el.start;
  let end = el.close ? el.close.end : el.void ? el.openEnd : el.contentEnd;
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = source.indexOf('\n', end);
  if (!source.slice(lineStart, start).trim() && !source.slice(end, lineEnd < 0 ? source.length : lineEnd).trim()) {
    start = lineStart;
    end = lineEnd < 0 ? source.length : lineEnd + 1;
  }
  return applySplice(source, { start, end, insert: '' });
}
