import type { EditorMark } from '../editor/CodeEditor';
import type { Translate } from '../i18n/translate';
import { withoutLocation } from '../preview/html-document';
import type { DraftAnalysis } from './analysis';
import type { BuilderState } from './controller';
import type { SourcePart } from './types';

/**
 * The lint marks of one part: the builder's own findings (syntax errors, data the sample lacks), the last
 * preview's Liquid error, and the service's check of the saved version while this part is as it was saved (its
 * lines are the saved text's). A finding the service gives by data path only is marked where the template reads
 * that path.
 */
export function marksFor(part: SourcePart, state: BuilderState, analysis: DraftAnalysis, t: Translate): EditorMark[] {
  const marks: EditorMark[] = [];
  const seen = new Set<string>();
  const add = (mark: EditorMark, code: string) => {
    const key = `${mark.line}:${mark.column}:${code}`;
    if (seen.has(key)) return;
    seen.add(key);
    marks.push(mark);
  };
  for (const finding of analysis.findings) {
    if (finding.part !== part) continue;
    const message =
      finding.code === 'missing_variable' && finding.path
        ? t('lint.missingData', { path: finding.path })
        : withoutLocation(finding.message);
    add({ line: finding.line, column: finding.column, severity: finding.severity, message }, finding.code);
  }
  const previewError = state.previewError;
  if (previewError && previewError.part === part) {
    add(
      {
        line: previewError.line,
        column: previewError.column,
        severity: 'error',
        message: withoutLocation(previewError.message),
      },
      previewError.code,
    );
  }
  const check = state.check;
  if (part === 'html' && check && check.content.html === state.draft.html) {
    for (const finding of check.findings) {
      let line = finding.line;
      let column = finding.column ?? 1;
      if (line === undefined && finding.path) {
        const path = finding.path.replace(/\[\d+\]/g, '[]');
        const usage = analysis.variables?.usages.find(
          (u) => u.part === 'html' && u.path.join('.').replace(/\.\[\]/g, '[]') === path,
        );
        if (usage) {
          line = usage.line;
          column = usage.column;
        }
      }
      if (line === undefined) continue;
      add({ line, column, severity: finding.severity, message: withoutLocation(finding.message) }, finding.code);
    }
  }
  return marks;
}
