import type { SourceElement, SourceTree } from './source-tree';

/** The attribute that ties an element of the preview to its element in the source. */
export const NODE_ATTRIBUTE = 'data-quire-node';

// Elements that are not drawn, or that hold the page rather than content: never selectable.
const NOT_DRAWN = new Set(['html', 'head', 'body', 'style', 'script', 'title', 'meta', 'link', 'base', 'noscript']);

function drawn(element: SourceElement): boolean {
  for (let e: SourceElement | null = element; e; e = e.parent) {
    if (e === element ? NOT_DRAWN.has(e.name) : e.name === 'head') return false;
  }
  return true;
}

/**
 * The source with `data-quire-node="<id>"` added right after each drawn element's tag name, for the preview
 * only: rendered with Liquid, every copy of an element (each row of a loop) carries its source element's id.
 * Only these insertions differ from the source, so the render is the template's own. The source itself is
 * never annotated: what is saved is what the person and Boss Mode wrote.
 */
export function annotateSource(tree: SourceTree): string {
  const { source } = tree;
  const parts: string[] = [];
  let at = 0;
  for (const element of tree.elements) {
    if (!drawn(element)) continue;
    parts.push(source.slice(at, element.nameEnd), ` ${NODE_ATTRIBUTE}="${element.id}"`);
    at = element.nameEnd;
  }
  parts.push(source.slice(at));
  return parts.join('');
}

const ANNOTATION = new RegExp(` ${NODE_ATTRIBUTE}="[a-z]\\d+"`, 'g');

/** Takes the preview's annotations out of HTML (a copy of the preview's markup, say). */
export function stripAnnotations(html: string): string {
  return html.replace(ANNOTATION, '');
}

/** Whether an element of the source can be picked in the preview. */
export const isSelectable = drawn;
