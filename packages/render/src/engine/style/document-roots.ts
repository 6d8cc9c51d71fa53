import { type ChildNode, type Document, Element, type ParentNode } from 'domhandler';

/**
 * The document's html and body elements. htmlparser2 does not build HTML's implied elements, so a fragment
 * (`<p>Hi</p>`, what most templates are) gets a synthetic html and body around it, as a browser's parser makes:
 * selectors such as `body > p` then match as they would there.
 */
export function documentRoots(document: Document): { html: Element; body: Element } {
  let html = document.children.find((node): node is Element => isElement(node) && node.name === 'html');
  if (!html) {
    html = new Element('html', {}, []);
    adopt(html, [...document.children]);
    adopt(document, [html]);
  }
  const body = findBody(html);
  if (body) return { html, body };
  const heads = html.children.filter((node) => isElement(node) && node.name === 'head');
  const created = new Element('body', {}, []);
  adopt(
    created,
    html.children.filter((node) => !heads.includes(node)),
  );
  adopt(html, [...heads, created]);
  return { html, body: created };
}

function findBody(parent: ParentNode): Element | undefined {
  for (const node of parent.children) {
    if (!isElement(node)) continue;
    if (node.name === 'body') return node;
    const found = findBody(node);
    if (found) return found;
  }
  return undefined;
}

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** Makes `children` the children of `parent`, with their parent and sibling links. */
function adopt(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  children.forEach((child, i) => {
    child.parent = parent;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
}
