/**
 * A small HTML reader for editing templates the provider did not write. It keeps every element's offsets in the
 * source, so an edit splices the original text and leaves the rest (Liquid included) exactly as it was, which a
 * serialising DOM would not. Liquid inside tags (`class="{% if x %}a{% endif %}"`) is skipped over; Liquid between
 * tags is text. htmlparser2 (a dependency of @quire/render) could do the reading, but the service does not depend
 * on it and this needs only element boundaries.
 */
export interface El {
  name: string;
  attrs: Record<string, string>;
  /** Offset of `<`. */
  start: number;
  /** Offset just after the opening tag's `>`. */
  openEnd: number;
  /** Offset of the closing tag's `<` (openEnd for void elements). */
  closeStart: number;
  /** Offset just after the closing tag (or the opening one for void elements). */
  end: number;
  children: El[];
  parent?: El;
}

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
const RAW = new Set(['script', 'style', 'textarea', 'title']);
/** Opening one of these closes an open element of the listed kinds (HTML's implied end tags). */
const IMPLIED: Record<string, string[]> = {
  td: ['td', 'th'],
  th: ['td', 'th'],
  tr: ['td', 'th', 'tr'],
  li: ['li'],
  p: ['p'],
  thead: ['tbody', 'tr', 'td', 'th'],
  tbody: ['thead', 'tbody', 'tr', 'td', 'th'],
  tfoot: ['tbody', 'tr', 'td', 'th'],
};

function skipLiquid(html: string, i: number): number {
  if (html.startsWith('{{', i)) {
    const end = html.indexOf('}}', i + 2);
    return end < 0 ? html.length : end + 2;
  }
  if (html.startsWith('{%', i)) {
    const end = html.indexOf('%}', i + 2);
    return end < 0 ? html.length : end + 2;
  }
  return i;
}

/** The end of a tag that starts at `i` (just after its `>`). */
function tagEnd(html: string, i: number): number {
  let j = i + 1;
  while (j < html.length) {
    const c = html[j];
    const skipped = skipLiquid(html, j);
    if (skipped !== j) {
      j = skipped;
      continue;
    }
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, j + 1);
      j = close < 0 ? html.length : close + 1;
      continue;
    }
    if (c === '>') return j + 1;
    j++;
  }
  return html.length;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<\/?[\w:-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s=/"'<>{}]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[(m[1] as string).toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

export function parseHtml(html: string): El {
  const root: El = {
    name: '#root',
    attrs: {},
    start: 0,
    openEnd: 0,
    closeStart: html.length,
    end: html.length,
    children: [],
  };
  const stack: El[] = [root];
  const top = () => stack[stack.length - 1] as El;
  const close = (el: El, at: number, end: number) => {
    el.closeStart = at;
    el.end = end;
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const next = html[lt + 1] ?? '';
    if (next === '/') {
      const end = tagEnd(html, lt);
      const name = /^<\/\s*([\w:-]+)/.exec(html.slice(lt, end))?.[1]?.toLowerCase();
      if (name) {
        const index = stack.map((e) => e.name).lastIndexOf(name);
        if (index > 0) {
          // Elements left open inside it end where it ends.
          while (stack.length > index) {
            const el = stack.pop() as El;
            close(el, lt, el.name === name ? end : lt);
          }
        }
      }
      i = end;
      continue;
    }
    if (!/[A-Za-z]/.test(next)) {
      i = lt + 1;
      continue;
    }
    const end = tagEnd(html, lt);
    const tag = html.slice(lt, end);
    const name = (/^<([\w:-]+)/.exec(tag)?.[1] ?? '').toLowerCase();
    const implied = IMPLIED[name] ?? [];
    while (implied.includes(top().name)) close(stack.pop() as El, lt, lt);
    const parent = top();
    const el: El = {
      name,
      attrs: attributes(tag),
      start: lt,
      openEnd: end,
      closeStart: end,
      end,
      children: [],
      parent,
    };
    parent.children.push(el);
    if (VOID.has(name) || tag.endsWith('/>')) {
      i = end;
      continue;
    }
    if (RAW.has(name)) {
      const closeAt = html.toLowerCase().indexOf(`</${name}`, end);
      const closeEnd = closeAt < 0 ? html.length : tagEnd(html, closeAt);
      close(el, closeAt < 0 ? html.length : closeAt, closeEnd);
      i = closeEnd;
      continue;
    }
    stack.push(el);
    i = end;
  }
  while (stack.length > 1) {
    const el = stack.pop() as El;
    close(el, html.length, html.length);
  }
  return root;
}

export function walk(el: El, visit: (el: El) => void): void {
  for (const child of el.children) {
    visit(child);
    walk(child, visit);
  }
}

export function findAll(root: El, test: (el: El) => boolean): El[] {
  const out: El[] = [];
  walk(root, (el) => {
    if (test(el)) out.push(el);
  });
  return out;
}

export function childrenNamed(el: El, ...names: string[]): El[] {
  return el.children.filter((c) => names.includes(c.name));
}

export function hasClass(el: El, name: string): boolean {
  return (el.attrs.class ?? '').split(/\s+/).includes(name);
}

/** The inner HTML of an element. */
export function inner(html: string, el: El): string {
  return html.slice(el.openEnd, el.closeStart);
}

/** The visible text of an element: tags and Liquid tags removed, outputs kept as written. */
export function textOf(html: string, el: El): string {
  return inner(html, el)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{%[\s\S]*?%\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function splice(html: string, start: number, end: number, text: string): string {
  return html.slice(0, start) + text + html.slice(end);
}
