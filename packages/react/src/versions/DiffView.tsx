import { css } from '@codemirror/lang-css';
import { json } from '@codemirror/lang-json';
import { liquid } from '@codemirror/lang-liquid';
import { MergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { TemplateDraft } from '../builder/types';
import { editorTheme } from '../editor/theme';
import { type DiffPart, partText } from './diff-parts';

const language = (part: DiffPart): Extension =>
  part === 'css' ? css() : part === 'sample_data' || part === 'page' ? json() : liquid();

export interface DiffViewProps {
  before: TemplateDraft;
  after: TemplateDraft;
  part: DiffPart;
  /** Accessible names of the two sides. */
  beforeLabel: string;
  afterLabel: string;
}

/**
 * Two versions of one part side by side, changes highlighted (`@codemirror/merge`), read only. A lazy chunk:
 * loaded when a diff is first shown.
 */
export default function DiffView(props: DiffViewProps) {
  const parent = useRef<HTMLDivElement>(null);
  const { before, after, part, beforeLabel, afterLabel } = props;
  useEffect(() => {
    if (!parent.current) return;
    const side = (label: string): Extension[] => [
      language(part),
      editorTheme,
      EditorView.lineWrapping,
      EditorState.readOnly.of(true),
      EditorView.editable.of(false),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ];
    const view = new MergeView({
      a: { doc: partText(before, part), extensions: side(beforeLabel) },
      b: { doc: partText(after, part), extensions: side(afterLabel) },
      parent: parent.current,
      gutter: true,
      highlightChanges: true,
      collapseUnchanged: { margin: 3, minSize: 8 },
    });
    return () => view.destroy();
  }, [before, after, part, beforeLabel, afterLabel]);
  return <div ref={parent} className="quire-diff" data-part={part} />;
}
