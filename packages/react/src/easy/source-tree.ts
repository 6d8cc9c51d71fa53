/**
 * The template's HTML + Liquid source as a tree with source positions, so that Easy Mode can point at an element
 * of the rendered preview and change exactly its bytes in the source. Liquid is read first, as LiquidJS reads
 * it (a `<` inside `{% if a < b %}` is not a tag, a `"` inside `{{ "a" }}` does not end an attribute), then HTML
 * with the lenient rules browsers use for unclosed elements. Nothing here renders: positions only.
 */

/** The parts of a draft Easy Mode edits; each gets its own id prefix. */
export type EditablePart = 'html' | 'header_html' | 'footer_html';

export const PART_PREFIX: Record<EditablePart, string> = { html: 'b', header_html: 'h', footer_html: 'f' };

export interface SourceAttribute {
  /** Lower-cased. */
  name: string;
  /** The attribute as written: from its name to the end of its value. */
  start: number;
  end: number;
  /** The value between its quotes (or as written, unquoted); null for a bare attribute. */
  value: { start: number; end: number; quote: '"' | "'" | '' } | null;
  /** The value holds Liquid (`class="{{ kind }}"`). */
  liquid: boolean;
}

/** A Liquid block the element sits in: a loop, a condition, a capture. */
export interface LiquidFrame {
  /** `for`, `if`, `unless`, `case`, `capture`, `tablerow`. */
  tag: string;
  /** The tag's markup, as a person reads it: `for item in items`. */
  markup: string;
  /** The opening tag's position. */
  start: number;
  end: number;
  /** Which branch (`if` 0, each `elsif`/`else`/`when` one more), so that crossing branches is seen. */
  branch: number;
}

export interface SourceText {
  kind: 'text';
  /** Text is drawn; a comment or a declaration is not; raw is the content of `<style>`, `<script>`… */
  flavor: 'text' | 'comment' | 'raw';
  start: number;
  end: number;
  frames: readonly LiquidFrame[];
}

export interface SourceLiquid {
  kind: 'liquid';
  /** `output` is `{{ … }}`; `tag` is `{% … %}`; `opaque` is a raw or comment block, kept as written. */
  type: 'output' | 'tag' | 'opaque';
  /** The tag's name (`for`, `endif`, `assign`…); empty for outputs. */
  name: string;
  /** What is inside the delimiters, trimmed. */
  markup: string;
  start: number;
  end: number;
  frames: readonly LiquidFrame[];
}

export interface SourceElement {
  kind: 'element';
  /** `b12`: the part's prefix and the element's index in document order. */
  id: string;
  part: EditablePart;
  /** Lower-cased tag name. */
  name: string;
  start: number;
  /** Just after the tag name: where an attribute can be added without touching anything else. */
  nameEnd: number;
  /** Just after the open tag's `>`. */
  openEnd: number;
  /** Where `/>` or `>` of the open tag starts: where an attribute is appended. */
  openClose: number;
  attributes: SourceAttribute[];
  /** Liquid inside the open tag outside attribute values (`<tr {% if x %}class="a"{% endif %}>`). */
  liquidInTag: boolean;
  void: boolean;
  /** The close tag as written; null when it was left out (implied) or the element is void. */
  close: { start: number; end: number } | null;
  /** Where the content ends: the close tag's start, or where the element was implicitly closed. */
  contentEnd: number;
  children: SourceNode[];
  parent: SourceElement | null;
  /** The Liquid blocks around the open tag, outermost first. */
  frames: readonly LiquidFrame[];
  /** The element opens and closes in different Liquid blocks or branches: its bounds depend on the data. */
  crossesLiquid: boolean;
}

export type SourceNode = SourceElement | SourceText | SourceLiquid;

export interface SourceTree {
  part: EditablePart;
  source: string;
  /** The top-level nodes. */
  children: SourceNode[];
  /** Every element in document order (index i has id `${prefix}${i}`). */
  elements: SourceElement[];
  byId: Map<string, SourceElement>;
  /** Liquid that does not parse (an unclosed `{{`): Easy Mode then leaves the part to Boss Mode. */
  broken: boolean;
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
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text up to their close tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);
/** Elements that close an open `<p>` (the HTML standard's list). */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);
const LIQUID_BLOCKS = new Set(['for', 'if', 'unless', 'case', 'capture', 'tablerow']);
const LIQUID_BRANCHES = new Set(['else', 'elsif', 'when']);

/** Where the Liquid token starting at `start` (`{{` or `{%`) ends, quotes respected; -1 when it never closes. */
function liquidEnd(source: string, start: number): number {
  const closer = source[start + 1] === '{' ? '}}' : '%}';
  let quote = '';
  for (let i = start + 2; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === closer[0] && source[i + 1] === closer[1]) {
      return i + 2;
    }
  }
  // A quote that never closes (an apostrophe in prose inside a tag is rare): try again without quotes.
  const plain = source.indexOf(closer, start + 2);
  return plain < 0 ? -1 : plain + 2;
}

const isLiquidStart = (source: string, i: number) =>
  source[i] === '{' && (source[i + 1] === '{' || source[i + 1] === '%');

function liquidParts(source: string, start: number, end: number): { name: string; markup: string } {
  const inner = source
    .slice(start + 2, end - 2)
    .replace(/^-/, '')
    .replace(/-$/, '')
    .trim();
  if (source[start + 1] === '{') return { name: '', markup: inner };
  const name = /^[a-z_]+/i.exec(inner)?.[0]?.toLowerCase() ?? '';
  return { name, markup: inner };
}

/** Where an opaque block (`raw`, `comment`) ends: after its end tag, or at the end of the source. */
function opaqueEnd(source: string, from: number, tag: string): number {
  const pattern = new RegExp(`\\{%-?\\s*end${tag}\\s*-?%\\}`, 'g');
  pattern.lastIndex = from;
  const match = pattern.exec(source);
  return match ? match.index + match[0].length : -1;
}

const NAME_CHAR = /[A-Za-z0-9:_-]/;

/** Whether two places are in the same Liquid blocks and branches. */
export const sameFrames = (a: readonly LiquidFrame[], b: readonly LiquidFrame[]): boolean =>
  a.length === b.length && a.every((frame, i) => frame === b[i]);

/** Parses one part's source into a tree with positions. */
export function parseSource(source: string, part: EditablePart = 'html'): SourceTree {
  const prefix = PART_PREFIX[part];
  const root: SourceNode[] = [];
  const elements: SourceElement[] = [];
  const stack: SourceElement[] = [];
  let frames: LiquidFrame[] = [];
  let broken = false;

  const siblings = () => (stack.length ? (stack[stack.length - 1] as SourceElement).children : root);

  const closeTop = (at: number, tag: { start: number; end: number } | null) => {
    const element = stack.pop() as SourceElement;
    element.close = tag;
    element.contentEnd = tag ? tag.start : at;
    if (!sameFrames(element.frames, frames)) element.crossesLiquid = true;
  };

  /** Closes what an opening `name` implies is finished (`<li>` after `<li>`, a block after `<p>`…). */
  const implyEnds = (name: string, at: number) => {
    const top = () => stack[stack.length - 1]?.name;
    const closeUntil = (names: string[], stopAt: string[]) => {
      for (let i = stack.length - 1; i >= 0; i--) {
        const open = (stack[i] as SourceElement).name;
        if (stopAt.includes(open)) return;
        if (names.includes(open)) {
          while (stack.length > i) closeTop(at, null);
          return;
        }
      }
    };
    if (CLOSES_P.has(name) && top() === 'p') closeTop(at, null);
    if (name === 'li') closeUntil(['li'], ['ul', 'ol', 'menu']);
    if (name === 'dt' || name === 'dd') closeUntil(['dt', 'dd'], ['dl']);
    if (name === 'td' || name === 'th') closeUntil(['td', 'th'], ['tr', 'table']);
    if (name === 'tr') closeUntil(['tr'], ['table', 'thead', 'tbody', 'tfoot']);
    if (name === 'thead' || name === 'tbody' || name === 'tfoot') closeUntil(['thead', 'tbody', 'tfoot'], ['table']);
    if (name === 'option') closeUntil(['option'], ['select', 'datalist']);
  };

  const pushLiquid = (start: number, end: number, type: SourceLiquid['type'], name: string, markup: string) => {
    siblings().push({ kind: 'liquid', type, name, markup, start, end, frames });
  };

  let i = 0;
  let textStart = -1;
  const flushText = (at: number) => {
    if (textStart >= 0 && at > textStart)
      siblings().push({ kind: 'text', flavor: 'text', start: textStart, end: at, frames });
    textStart = -1;
  };

  while (i < source.length) {
    const c = source[i];
    if (isLiquidStart(source, i)) {
      const end = liquidEnd(source, i);
      if (end < 0) {
        broken = true;
        break;
      }
      flushText(i);
      const { name, markup } = liquidParts(source, i, end);
      if (source[i + 1] === '%' && (name === 'raw' || name === 'comment')) {
        const blockEnd = opaqueEnd(source, end, name);
        if (blockEnd < 0) {
          broken = true;
          break;
        }
        pushLiquid(i, blockEnd, 'opaque', name, markup);
        i = blockEnd;
        continue;
      }
      const type = source[i + 1] === '{' ? 'output' : 'tag';
      if (type === 'tag' && LIQUID_BLOCKS.has(name)) {
        pushLiquid(i, end, type, name, markup);
        frames = [...frames, { tag: name, markup, start: i, end, branch: 0 }];
      } else if (type === 'tag' && LIQUID_BRANCHES.has(name) && frames.length) {
        const top = frames[frames.length - 1] as LiquidFrame;
        // A new branch is a new frame: an element opened in one branch and closed in another crosses it.
        frames = [...frames.slice(0, -1), { ...top, branch: top.branch + 1 }];
        pushLiquid(i, end, type, name, markup);
      } else if (type === 'tag' && name.startsWith('end') && LIQUID_BLOCKS.has(name.slice(3))) {
        pushLiquid(i, end, type, name, markup);
        const at = frames.map((f) => f.tag).lastIndexOf(name.slice(3));
        if (at >= 0) frames = frames.slice(0, at);
        else broken = true;
      } else {
        pushLiquid(i, end, type, name, markup);
      }
      i = end;
      continue;
    }
    if (c === '<') {
      if (source.startsWith('<!--', i)) {
        flushText(i);
        const end = source.indexOf('-->', i + 4);
        const stop = end < 0 ? source.length : end + 3;
        siblings().push({ kind: 'text', flavor: 'comment', start: i, end: stop, frames });
        i = stop;
        continue;
      }
      if (source[i + 1] === '!' || source[i + 1] === '?') {
        flushText(i);
        const end = source.indexOf('>', i);
        const stop = end < 0 ? source.length : end + 1;
        siblings().push({ kind: 'text', flavor: 'comment', start: i, end: stop, frames });
        i = stop;
        continue;
      }
      if (source[i + 1] === '/' && /[A-Za-z]/.test(source[i + 2] ?? '')) {
        flushText(i);
        let j = i + 2;
        while (j < source.length && NAME_CHAR.test(source[j] as string)) j++;
        const name = source.slice(i + 2, j).toLowerCase();
        const gt = source.indexOf('>', j);
        const end = gt < 0 ? source.length : gt + 1;
        const at = stack.map((e) => e.name).lastIndexOf(name);
        if (at >= 0) {
          while (stack.length > at + 1) closeTop(i, null);
          closeTop(i, { start: i, end });
        }
        // A close tag with nothing to close is ignored, as browsers do.
        i = end;
        continue;
      }
      if (/[A-Za-z]/.test(source[i + 1] ?? '')) {
        flushText(i);
        let j = i + 1;
        while (j < source.length && NAME_CHAR.test(source[j] as string)) j++;
        const name = source.slice(i + 1, j).toLowerCase();
        const nameEnd = j;
        const attributes: SourceAttribute[] = [];
        let liquidInTag = false;
        let openClose = -1;
        let openEnd = source.length;
        while (j < source.length) {
          const ch = source[j] as string;
          if (/\s/.test(ch)) {
            j++;
            continue;
          }
          if (ch === '>') {
            openClose = j;
            openEnd = j + 1;
            break;
          }
          if (ch === '/' && source[j + 1] === '>') {
            openClose = j;
            openEnd = j + 2;
            break;
          }
          if (isLiquidStart(source, j)) {
            const end = liquidEnd(source, j);
            if (end < 0) {
              broken = true;
              j = source.length;
              break;
            }
            liquidInTag = true;
            j = end;
            continue;
          }
          // An attribute: its name, then maybe `=` and a value.
          const attrStart = j;
          while (j < source.length && !/[\s=>]/.test(source[j] as string) && !isLiquidStart(source, j)) {
            if (source[j] === '/' && source[j + 1] === '>') break;
            j++;
          }
          if (j === attrStart) {
            j++;
            continue;
          }
          const attrName = source.slice(attrStart, j).toLowerCase();
          let k = j;
          while (k < source.length && /\s/.test(source[k] as string)) k++;
          if (source[k] !== '=') {
            attributes.push({ name: attrName, start: attrStart, end: j, value: null, liquid: false });
            continue;
          }
          k++;
          while (k < source.length && /\s/.test(source[k] as string)) k++;
          const q = source[k];
          let valueStart: number;
          let valueEnd: number;
          let quote: '"' | "'" | '' = '';
          let liquid = false;
          if (q === '"' || q === "'") {
            quote = q;
            valueStart = k + 1;
            let m = valueStart;
            while (m < source.length && source[m] !== q) {
              if (isLiquidStart(source, m)) {
                const end = liquidEnd(source, m);
                liquid = true;
                if (end < 0) {
                  broken = true;
                  m = source.length;
                  break;
                }
                m = end;
                continue;
              }
              m++;
            }
            valueEnd = m;
            j = Math.min(m + 1, source.length);
          } else {
            valueStart = k;
            let m = k;
            while (m < source.length && !/[\s>]/.test(source[m] as string)) {
              if (isLiquidStart(source, m)) {
                const end = liquidEnd(source, m);
                liquid = true;
                m = end < 0 ? source.length : end;
                continue;
              }
              m++;
            }
            valueEnd = m;
            j = m;
          }
          attributes.push({
            name: attrName,
            start: attrStart,
            end: j,
            value: { start: valueStart, end: valueEnd, quote },
            liquid,
          });
        }
        if (openClose < 0) {
          // The tag never closes: the rest is not HTML we can point at.
          broken = true;
          i = source.length;
          break;
        }
        implyEnds(name, i);
        const element: SourceElement = {
          kind: 'element',
          id: `${prefix}${elements.length}`,
          part,
          name,
          start: i,
          nameEnd,
          openEnd,
          openClose,
          attributes,
          liquidInTag,
          void: VOID.has(name) || source[openClose] === '/',
          close: null,
          contentEnd: openEnd,
          children: [],
          parent: stack[stack.length - 1] ?? null,
          frames,
          crossesLiquid: false,
        };
        elements.push(element);
        siblings().push(element);
        i = openEnd;
        if (element.void) continue;
        stack.push(element);
        if (RAW_TEXT.has(name)) {
          const pattern = new RegExp(`</${name}\\s*>`, 'ig');
          pattern.lastIndex = openEnd;
          const match = pattern.exec(source);
          const closeStart = match ? match.index : source.length;
          if (closeStart > openEnd)
            element.children.push({ kind: 'text', flavor: 'raw', start: openEnd, end: closeStart, frames });
          closeTop(closeStart, match ? { start: closeStart, end: closeStart + match[0].length } : null);
          i = match ? closeStart + match[0].length : source.length;
        }
        continue;
      }
    }
    if (textStart < 0) textStart = i;
    i++;
  }
  flushText(Math.min(i, source.length));
  while (stack.length) closeTop(source.length, null);
  return {
    part,
    source,
    children: root,
    elements,
    byId: new Map(elements.map((element) => [element.id, element])),
    broken,
  };
}

/** The attribute of an element by name. */
export const attribute = (element: SourceElement, name: string): SourceAttribute | undefined =>
  element.attributes.find((a) => a.name === name);

/** An attribute's value as written (entities not decoded); undefined when absent, '' when bare. */
export function attributeValue(source: string, element: SourceElement, name: string): string | undefined {
  const attr = attribute(element, name);
  if (!attr) return undefined;
  return attr.value ? source.slice(attr.value.start, attr.value.end) : '';
}

/** Line and column (both from 1) of an offset, for "Open in Boss Mode" to jump to. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
