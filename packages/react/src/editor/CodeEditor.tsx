import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { EditorHandle } from '../builder/controller';
import type { EditorLanguage, LiquidKnowledge } from './liquid-support';
import { languageSupport } from './liquid-support';
import { editorTheme } from './theme';

/** A mark in the editor: a Liquid error, a check finding, data the sample lacks. Lines and columns count from 1. */
export interface EditorMark {
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface CodeEditorProps {
  language: EditorLanguage;
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  /** The editor's accessible name. */
  label: string;
  knowledge: LiquidKnowledge;
  marks: EditorMark[];
  /** The builder's undo and redo (one history for every part); without them the editor keeps its own. */
  history?: { undo(): void; redo(): void } | undefined;
  onFocus?: (() => void) | undefined;
  /** Receives the handle `insertVariable` writes through. */
  onHandle?: ((handle: EditorHandle | null) => void) | undefined;
}

/** Marks a change made to follow the `value` prop, which must not be reported back as an edit. */
const External = Annotation.define<boolean>();

/** The marks as CodeMirror diagnostics: from the column to the end of the word (or a character) there. */
export function toDiagnostics(state: EditorState, marks: EditorMark[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const mark of marks) {
    const lineNumber = Math.min(Math.max(mark.line, 1), state.doc.lines);
    const line = state.doc.line(lineNumber);
    const from = Math.min(line.from + Math.max(mark.column - 1, 0), line.to);
    const rest = state.sliceDoc(from, line.to);
    const word = /^(\{\{[^}]*\}\}|\{%[^%]*%\}|[\w.[\]]+)/.exec(rest)?.[0].length ?? 1;
    diagnostics.push({ from, to: Math.min(from + word, line.to), severity: mark.severity, message: mark.message });
  }
  return diagnostics;
}

/** The smallest change from one text to another, so that the cursor and scroll survive a sync. */
function diff(from: string, to: string): { from: number; to: number; insert: string } {
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let endFrom = from.length;
  let endTo = to.length;
  while (endFrom > start && endTo > start && from.charCodeAt(endFrom - 1) === to.charCodeAt(endTo - 1)) {
    endFrom--;
    endTo--;
  }
  return { from: start, to: endFrom, insert: to.slice(start, endTo) };
}

/**
 * A CodeMirror 6 editor bound to a string: Liquid (over HTML), CSS or JSON, with completions of the data's paths
 * and the engine's filters, hovers with sample values, and lint marks. This module is the lazy chunk that brings
 * CodeMirror; `<LiquidEditor>` loads it on first use.
 */
export default function CodeEditor(props: CodeEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const readOnly = useRef(new Compartment());

  // The editor is made once per language; everything else follows through refs and the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is read through `latest`.
  useLayoutEffect(() => {
    if (!parent.current) return;
    const knowledge = () => latest.current.knowledge;
    const ownHistory = !latest.current.history;
    const undo = () => {
      latest.current.history?.undo();
      return true;
    };
    const redo = () => {
      latest.current.history?.redo();
      return true;
    };
    const builderHistory = keymap.of([
      { key: 'Mod-z', run: undo, preventDefault: true },
      { key: 'Mod-y', run: redo, preventDefault: true },
      { key: 'Mod-Shift-z', run: redo, preventDefault: true },
    ]);
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      foldGutter(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      autocompletion({ icons: false }),
      highlightActiveLine(),
      highlightSelectionMatches(),
      lintGutter(),
      ownHistory ? history() : builderHistory,
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...(ownHistory ? historyKeymap : []),
        ...completionKeymap,
        ...lintKeymap,
      ]),
      EditorView.lineWrapping,
      languageSupport(latest.current.language, knowledge),
      editorTheme,
      readOnly.current.of([
        EditorState.readOnly.of(latest.current.readOnly),
        EditorView.editable.of(!latest.current.readOnly),
      ]),
      // tabindex: contenteditable is focusable already; saying so lets checkers (axe) see the scroller has focusable content.
      EditorView.contentAttributes.of({ 'aria-label': latest.current.label, tabindex: '0' }),
      EditorView.updateListener.of((update) => {
        if (update.focusChanged && update.view.hasFocus) latest.current.onFocus?.();
        if (!update.docChanged) return;
        if (update.transactions.some((tr) => tr.annotation(External))) return;
        latest.current.onChange(update.state.doc.toString());
      }),
    ];
    const created = new EditorView({
      parent: parent.current,
      state: EditorState.create({ doc: latest.current.value, extensions }),
    });
    view.current = created;
    // Before anyone has been in the editor, its cursor says nothing: insertions then go to the end of the body.
    let used = false;
    created.contentDOM.addEventListener('focus', () => {
      used = true;
    });
    latest.current.onHandle?.({
      cursor: () => (used ? created.state.selection.main.head : null),
      select: (offset) => {
        const at = Math.min(offset, created.state.doc.length);
        created.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
        created.focus();
      },
    });
    return () => {
      latest.current.onHandle?.(null);
      created.destroy();
      view.current = null;
    };
  }, [props.language]);

  // Follow the value: after the host's (or the builder's) change, or to undo an edit a controlled host refused.
  useLayoutEffect(() => {
    const current = view.current;
    if (!current) return;
    const text = current.state.doc.toString();
    if (text === props.value) return;
    current.dispatch({ changes: diff(text, props.value), annotations: External.of(true) });
  });

  useEffect(() => {
    view.current?.dispatch({
      effects: readOnly.current.reconfigure([
        EditorState.readOnly.of(props.readOnly),
        EditorView.editable.of(!props.readOnly),
      ]),
    });
  }, [props.readOnly]);

  const { marks } = props;
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    current.dispatch(setDiagnostics(current.state, toDiagnostics(current.state, marks)));
  }, [marks]);

  return <div ref={parent} className="quire-code-editor" data-language={props.language} />;
}
