import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The editors' look, from the builder's CSS variables: one theme that follows light and dark (and the host's
 * overrides) without reconfiguring CodeMirror.
 */
const chrome = EditorView.theme({
  '&': {
    color: 'var(--quire-fg)',
    backgroundColor: 'var(--quire-bg)',
    fontSize: 'var(--quire-code-font-size, 13px)',
    height: '100%',
  },
  '.cm-scroller': { fontFamily: 'var(--quire-font-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--quire-fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--quire-fg)' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--quire-code-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--quire-code-active-line)' },
  '.cm-gutters': {
    backgroundColor: 'var(--quire-bg-subtle)',
    color: 'var(--quire-fg-muted)',
    borderRight: '1px solid var(--quire-border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--quire-code-active-line)', color: 'var(--quire-fg)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--quire-bg-raised)',
    color: 'var(--quire-fg)',
    border: '1px solid var(--quire-border)',
    borderRadius: 'var(--quire-radius)',
    boxShadow: 'var(--quire-shadow)',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--quire-accent)',
    color: 'var(--quire-accent-fg)',
  },
  '.cm-completionDetail': { color: 'inherit', opacity: '0.75' },
  '.cm-panels': { backgroundColor: 'var(--quire-bg-subtle)', color: 'var(--quire-fg)' },
  '.cm-searchMatch': { backgroundColor: 'var(--quire-warning-subtle)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--quire-accent-subtle)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--quire-danger)' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecoration: 'underline wavy var(--quire-warning)' },
  '.cm-lintRange-info': { backgroundImage: 'none', textDecoration: 'underline dotted var(--quire-fg-muted)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--quire-danger)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--quire-warning)' },
});

const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: 'var(--quire-code-keyword)',
  },
  { tag: [tags.tagName, tags.angleBracket], color: 'var(--quire-code-tag)' },
  { tag: tags.attributeName, color: 'var(--quire-code-attribute)' },
  { tag: [tags.string, tags.attributeValue], color: 'var(--quire-code-string)' },
  { tag: [tags.number, tags.bool, tags.atom, tags.null], color: 'var(--quire-code-number)' },
  { tag: [tags.variableName, tags.propertyName], color: 'var(--quire-code-variable)' },
  { tag: tags.function(tags.variableName), color: 'var(--quire-code-function)' },
  { tag: [tags.comment, tags.blockComment, tags.lineComment], color: 'var(--quire-fg-muted)', fontStyle: 'italic' },
  { tag: [tags.brace, tags.processingInstruction, tags.special(tags.brace)], color: 'var(--quire-code-liquid)' },
  { tag: tags.className, color: 'var(--quire-code-attribute)' },
  { tag: tags.invalid, color: 'var(--quire-danger)' },
]);

export const editorTheme: Extension = [chrome, syntaxHighlighting(highlight)];
