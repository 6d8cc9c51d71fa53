import { compile } from 'css-select';
import { parse as parseSelector, type Selector } from 'css-what';
import type { Element } from 'domhandler';
import { type Declarations, parseDeclarations } from './declarations';

export interface Rule {
  /** For messages. */
  selector: string;
  tokens: Selector[];
  matches: (element: Element) => boolean;
  /** [ids, classes + attributes + pseudo-classes, tags], compared in order. */
  specificity: [number, number, number];
  order: number;
  declarations: Declarations;
}

export interface StylesheetIssue {
  code: 'unsupported_selector' | 'unsupported_at_rule' | 'unsupported_css_property';
  message: string;
}

// Pseudo-classes whose meaning does not depend on a screen, a pointer or a browser's state.
const STATIC_PSEUDOS = new Set([
  'nth-child',
  'nth-last-child',
  'first-child',
  'last-child',
  'only-child',
  'nth-of-type',
  'nth-last-of-type',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'not',
  'is',
  'where',
  'empty',
  'root',
]);

function specificityOf(tokens: Selector[]): [number, number, number] {
  const s: [number, number, number] = [0, 0, 0];
  for (const token of tokens) {
    if (token.type === 'attribute') {
      if (token.name === 'id' && token.action === 'equals') s[0]++;
      else s[1]++;
    } else if (token.type === 'pseudo') {
      if (token.name === 'where') continue;
      if ((token.name === 'not' || token.name === 'is') && Array.isArray(token.data)) {
        const inner = token.data.map(specificityOf).sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2])[0];
        const add = inner ?? [0, 0, 0];
        s[0] += add[0];
        s[1] += add[1];
        s[2] += add[2];
      } else s[1]++;
    } else if (token.type === 'tag') s[2]++;
    else if (token.type === 'pseudo-element') s[2]++;
  }
  return s;
}

/** Why a selector cannot apply to a printed page, or undefined when it can. */
function unsupportedPart(tokens: Selector[]): string | undefined {
  for (const token of tokens) {
    if (token.type === 'pseudo-element') return `::${token.name}`;
    if (token.type === 'pseudo' && !STATIC_PSEUDOS.has(token.name)) return `:${token.name}`;
  }
  return undefined;
}

/** Removes comments, keeping strings intact enough for a stylesheet. */
function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Splits CSS into top-level blocks: `prelude { body }`. */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    let quote = '';
    for (; j < css.length && depth > 0; j++) {
      const ch = css[j];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '{') depth++;
      else if (ch === '}') depth--;
    }
    const prelude = css.slice(i, open).trim();
    // A statement at-rule (`@import url(x);`) may precede the block.
    const lastStatement = prelude.lastIndexOf(';');
    out.push({
      prelude: lastStatement >= 0 ? prelude.slice(lastStatement + 1).trim() : prelude,
      body: css.slice(open + 1, j - 1),
    });
    i = j;
  }
  return out;
}

export interface ParsedStylesheet {
  rules: Rule[];
  /** `@page` declarations, for the page setup. */
  page: Declarations;
}

/**
 * Parses a stylesheet into rules with compiled matchers. `@media print` (and `all`) rules apply, since reports are
 * printed; other media, `@font-face` and other at-rules are reported and skipped.
 */
export function parseStylesheet(
  css: string,
  startOrder: number,
  report: (issue: StylesheetIssue) => void,
): ParsedStylesheet {
  const rules: Rule[] = [];
  const page: Declarations = new Map();
  let order = startOrder;
  const visit = (text: string) => {
    for (const { prelude, body } of blocks(text)) {
      if (prelude.startsWith('@')) {
        const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
        if (name === 'media') {
          if (/\b(print|all)\b/i.test(prelude) && !/\bnot\b/i.test(prelude)) visit(body);
          continue;
        }
        if (name === 'page') {
          for (const [k, v] of parseDeclarations(body)) page.set(k, v);
          continue;
        }
        report({ code: 'unsupported_at_rule', message: `@${name} is not supported and was ignored` });
        continue;
      }
      const declarations = parseDeclarations(body, (property) =>
        report({
          code: 'unsupported_css_property',
          message: `The CSS property "${property}" is not supported and was ignored`,
        }),
      );
      if (declarations.size === 0) continue;
      let groups: Selector[][];
      try {
        groups = parseSelector(prelude);
      } catch {
        report({
          code: 'unsupported_selector',
          message: `The selector "${prelude}" could not be parsed and was ignored`,
        });
        continue;
      }
      for (const tokens of groups) {
        const selector = prelude.includes(',') ? stringify(tokens, prelude) : prelude;
        const bad = unsupportedPart(tokens);
        if (bad) {
          report({
            code: 'unsupported_selector',
            message: `The selector "${selector}" uses ${bad}, which does not apply to a printed page; it was ignored`,
          });
          continue;
        }
        let matches: (element: Element) => boolean;
        try {
          matches = compile([tokens]) as (element: Element) => boolean;
        } catch {
          report({
            code: 'unsupported_selector',
            message: `The selector "${selector}" is not supported and was ignored`,
          });
          continue;
        }
        rules.push({ selector, tokens, matches, specificity: specificityOf(tokens), order: order++, declarations });
      }
    }
  };
  visit(stripComments(css));
  return { rules, page };
}

function stringify(tokens: Selector[], fallback: string): string {
  const text = tokens
    .map((t) => {
      if (t.type === 'tag') return t.name;
      if (t.type === 'attribute' && t.name === 'class') return `.${t.value}`;
      if (t.type === 'attribute' && t.name === 'id') return `#${t.value}`;
      if (t.type === 'descendant') return ' ';
      if (t.type === 'child') return ' > ';
      if (t.type === 'pseudo') return `:${t.name}`;
      return '';
    })
    .join('');
  return text.trim() || fallback;
}

/**
 * Rules bucketed by the key a matching element must carry (an id, a class or a tag of the selector's last
 * compound), as browsers do, so that an element is tested only against rules that can match it.
 */
export class RuleIndex {
  private readonly byId = new Map<string, Rule[]>();
  private readonly byClass = new Map<string, Rule[]>();
  private readonly byTag = new Map<string, Rule[]>();
  private readonly universal: Rule[] = [];

  constructor(rules: Rule[]) {
    for (const rule of rules) this.add(rule);
  }

  private add(rule: Rule): void {
    const tokens = rule.tokens;
    let start = tokens.length;
    while (
      start > 0 &&
      !['descendant', 'child', 'sibling', 'adjacent', 'parent', 'column-combinator'].includes(
        (tokens[start - 1] as Selector).type,
      )
    )
      start--;
    const last = tokens.slice(start);
    const push = (map: Map<string, Rule[]>, key: string) => {
      const list = map.get(key) ?? [];
      list.push(rule);
      map.set(key, list);
    };
    const id = last.find((t) => t.type === 'attribute' && t.name === 'id' && t.action === 'equals');
    if (id && id.type === 'attribute') {
      push(this.byId, id.value);
      return;
    }
    const cls = last.find((t) => t.type === 'attribute' && t.name === 'class' && t.action === 'element');
    if (cls && cls.type === 'attribute') {
      push(this.byClass, cls.value);
      return;
    }
    const tag = last.find((t) => t.type === 'tag');
    if (tag && tag.type === 'tag') {
      push(this.byTag, tag.name);
      return;
    }
    this.universal.push(rule);
  }

  /** The rules that match an element, in cascade order (lowest first). */
  matching(element: Element): Rule[] {
    const candidates: Rule[] = [...this.universal, ...(this.byTag.get(element.name) ?? [])];
    const id = element.attribs.id;
    if (id) candidates.push(...(this.byId.get(id) ?? []));
    const classes = element.attribs.class;
    if (classes) {
      for (const name of new Set(classes.split(/\s+/))) if (name) candidates.push(...(this.byClass.get(name) ?? []));
    }
    const matched = candidates.filter((rule) => rule.matches(element));
    return matched.sort(
      (a, b) =>
        a.specificity[0] - b.specificity[0] ||
        a.specificity[1] - b.specificity[1] ||
        a.specificity[2] - b.specificity[2] ||
        a.order - b.order,
    );
  }
}
