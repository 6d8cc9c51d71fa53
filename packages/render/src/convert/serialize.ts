import type { ChildNode, Element } from 'domhandler';

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['style', 'script']);

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

export interface SerializeOptions {
  /** XML output (SVG): empty elements self-close and names may be renamed. */
  xml?: boolean;
  rename?: (name: string) => string;
  /** Return false to leave an element (and its content) out. */
  keep?: (element: Element) => boolean;
  /** Rewrites or removes (undefined) an attribute. */
  attribute?: (element: Element, name: string, value: string) => string | undefined;
}

/** Writes parsed nodes back out as HTML or XML. */
export function serialize(nodes: ChildNode[], options: SerializeOptions = {}): string {
  const rename = options.rename ?? ((n: string) => n);
  const write = (node: ChildNode, rawText: boolean): string => {
    if (node.type === 'text') return rawText ? node.data : escapeText(node.data);
    if (node.type === 'cdata') return node.children.map((c) => write(c, rawText)).join('');
    if (node.type === 'directive') return `<${node.data}>`;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return '';
    const element = node as Element;
    if (options.keep && !options.keep(element)) return '';
    const name = rename(element.name);
    let attributes = '';
    for (const [key, raw] of Object.entries(element.attribs)) {
      const value = options.attribute ? options.attribute(element, key, raw) : raw;
      if (value !== undefined) attributes += ` ${rename(key)}="${escapeAttribute(value)}"`;
    }
    const inner = element.children.map((c) => write(c, RAW_TEXT.has(element.name))).join('');
    if (options.xml) return `<${name}${attributes}${inner ? `>${inner}</${name}>` : '/>'}`;
    if (VOID.has(element.name)) return `<${name}${attributes}>`;
    return `<${name}${attributes}>${inner}</${name}>`;
  };
  return nodes.map((n) => write(n, false)).join('');
}
