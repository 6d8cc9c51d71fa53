import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useState } from 'react';
import type { TemplateDraft } from '../builder/types';
import type { MessageKey } from '../i18n/messages';
import { useUi } from '../root/ui-context';
import { changedParts, type DiffPart } from './diff-parts';

// @codemirror/merge and CodeMirror: a chunk loaded when a diff first shows.
const DiffView = lazy(() => import('./DiffView'));

const LABELS: Record<DiffPart, MessageKey> = {
  html: 'editor.html',
  css: 'editor.css',
  header_html: 'editor.header',
  footer_html: 'editor.footer',
  sample_data: 'editor.sampleData',
  page: 'editor.page',
};

export interface DraftDiffProps {
  before: TemplateDraft;
  after: TemplateDraft;
  beforeLabel: string;
  afterLabel: string;
}

/** The differences between two drafts: a tab for each part that changed, each a side-by-side diff. */
export function DraftDiff({ before, after, beforeLabel, afterLabel }: DraftDiffProps) {
  const { t } = useUi();
  const parts = changedParts(before, after);
  const [selected, setSelected] = useState<DiffPart | undefined>(parts[0]);
  const part = selected && parts.includes(selected) ? selected : parts[0];
  if (!part) return <p className="quire-muted">{t('versions.noDifferences')}</p>;
  return (
    <Tabs.Root className="quire-draft-diff" value={part} onValueChange={(value) => setSelected(value as DiffPart)}>
      <Tabs.List className="quire-tabs-list" aria-label={t('versions.parts')}>
        {parts.map((p) => (
          <Tabs.Trigger key={p} value={p} className="quire-tab">
            {t(LABELS[p])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="quire-diff-legend" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      {parts.map((p) => (
        <Tabs.Content key={p} value={p} className="quire-tab-panel">
          {p === part ? (
            <Suspense fallback={<p className="quire-muted">{t('editor.loading')}</p>}>
              <DiffView before={before} after={after} part={p} beforeLabel={beforeLabel} afterLabel={afterLabel} />
            </Suspense>
          ) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
