import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { closePercentBrace, liquidCompletionSource, liquidLanguage } from '@codemirror/lang-liquid';
import { LanguageSupport } from '@codemirror/language';
import type { EditorState, Extension } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import type { DataNode } from '../builder/analysis';
import type { Translate } from '../i18n/translate';
import { childrenOf, resolvePath, sampleText } from './data-paths';
import type { FilterDoc } from './filters';

/** What completions and hovers read; the editor keeps it current without reconfiguring CodeMirror. */
export interface LiquidKnowledge {
  data: DataNode[];
  filters: FilterDoc[];
  t: Translate;
}

const LIST_WORDS: Completion[] = [
  { label: 'first', type: 'property', detail: 'the first item' },
  { label: 'last', type: 'property', detail: 'the last item' },
  { label: 'size', type: 'property', detail: 'the number of items' },
];

function nodeCompletion(node: DataNode, t: Translate, boost = 0): Completion {
  return {
    label: node.name,
    type: node.children.length > 0 || node.item ? 'namespace' : 'variable',
    detail: node.type,
    info: node.inSample ? t('completion.sample', { value: sampleText(node.sample) }) : t('hover.noSample'),
    boost,
  };
}

/** Loop variables and assigned names in scope at a position, offered beside the data's top-level names. */
function boundNames(textBefore: string): string[] {
  const names: string[] = [];
  for (const match of textBefore.matchAll(/\{%-?\s*(?:for\s+(\w+)\s+in|assign\s+(\w+)\s*=)/g)) {
    const name = match[1] ?? match[2];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The completion source: the data's paths (top-level names, then properties through objects, lists, loop
 * variables and assignments) and every filter the engine knows, with Quire's documented. Built on lang-liquid's
 * own source, which finds the context (expression, property, filter, tag) from the syntax tree.
 */
export function liquidCompletions(knowledge: () => LiquidKnowledge) {
  return (context: CompletionContext): CompletionResult | null => {
    const { data, filters, t } = knowledge();
    const textBefore = context.state.sliceDoc(0, context.pos);
    const variables: Completion[] = [
      ...data.map((node) => nodeCompletion(node, t, 2)),
      ...boundNames(textBefore)
        .filter((name) => !data.some((node) => node.name === name))
        .map((name) => ({ label: name, type: 'variable', boost: 3 })),
    ];
    const source = liquidCompletionSource({
      variables,
      filters: filters.map((filter) => ({
        label: filter.name,
        type: 'function',
        detail: filter.signature ? `${t('completion.filter')}: ${filter.signature}` : t('completion.filter'),
        ...(filter.info ? { info: filter.info } : {}),
      })),
      properties: (path, state: EditorState, cx) => {
        const node = resolvePath(data, path, state.sliceDoc(0, cx.pos));
        if (!node) return [];
        // A list offers Liquid's ways into it; an object (or a list's item, in a loop) its fields.
        return node.item ? LIST_WORDS : childrenOf(node).map((child) => nodeCompletion(child, t, 1));
      },
    });
    const result = source(context);
    if (!result) return null;
    // lang-liquid appends its own list of standard filters and keywords: keep the first of each label (ours).
    const seen = new Set<string>();
    const options = result.options.filter((option) => {
      if (seen.has(option.label)) return false;
      seen.add(option.label);
      return true;
    });
    return { ...result, options };
  };
}

/** The Liquid path under a position: `invoice.customer.name` when the pointer is anywhere on it. */
function pathAt(state: EditorState, pos: number): { from: number; to: number; path: string[] } | null {
  const line = state.doc.lineAt(pos);
  const text = line.text;
  const offset = pos - line.from;
  const pattern = /[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\]|\["[^"]*"\])*/g;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (offset < start || offset > end) continue;
    // Only inside Liquid: between an opening `{{`/`{%` and its close.
    const before = text.slice(0, start);
    const open = Math.max(before.lastIndexOf('{{'), before.lastIndexOf('{%'));
    const close = Math.max(before.lastIndexOf('}}'), before.lastIndexOf('%}'));
    if (open < 0 || close > open) return null;
    const path = match[0]
      .replace(/\[(\d+)\]/g, '.[]')
      .replace(/\["([^"]*)"\]/g, '.$1')
      .split('.')
      .filter(Boolean);
    return { from: line.from + start, to: line.from + end, path };
  }
  return null;
}

/** A hover that shows a variable's type and sample value. */
export function variableHover(knowledge: () => LiquidKnowledge): Extension {
  return hoverTooltip((view, pos) => {
    const found = pathAt(view.state, pos);
    if (!found) return null;
    const { data, t } = knowledge();
    const node = resolvePath(data, found.path, view.state.sliceDoc(0, found.from));
    if (!node) return null;
    return {
      pos: found.from,
      end: found.to,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'quire-hover';
        const title = document.createElement('div');
        title.className = 'quire-hover-path';
        title.textContent = `${node.path} · ${node.type}`;
        const value = document.createElement('pre');
        value.className = 'quire-hover-value';
        value.textContent = node.inSample ? sampleText(node.sample, 400) : t('hover.noSample');
        const label = document.createElement('div');
        label.className = 'quire-hover-label';
        label.textContent = t('hover.sample');
        dom.append(title, label, value);
        return { dom };
      },
    };
  });
}

export type EditorLanguage = 'liquid' | 'css' | 'json';

/**
 * The language of an editor: Liquid over HTML (lang-liquid's language, with our completion source in place of
 * its default one), CSS, or JSON.
 */
export function languageSupport(language: EditorLanguage, knowledge: () => LiquidKnowledge): Extension {
  if (language === 'css') return css();
  if (language === 'json') return json();
  const base = html();
  return [
    new LanguageSupport(liquidLanguage, [
      base.support,
      liquidLanguage.data.of({ autocomplete: liquidCompletions(knowledge) }),
      base.language.data.of({ closeBrackets: { brackets: ['{'] } }),
      closePercentBrace,
    ]),
    variableHover(knowledge),
  ];
}

export { EditorView };
