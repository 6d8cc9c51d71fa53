import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { useBuilderController, useBuilderState } from '../builder/context';
import { DataEditor } from '../data/DataEditor';
import { LiquidEditor } from '../editor/LiquidEditor';
import type { MessageKey } from '../i18n/messages';
import { TemplatePreview } from '../preview/TemplatePreview';
import { useUi } from '../root/ui-context';
import { VariablePanel } from '../variables/VariablePanel';
import { VersionHistory } from '../versions/VersionHistory';
import { PageSettings } from './PageSettings';

type BossTab = 'html' | 'css' | 'header_html' | 'footer_html' | 'data' | 'page' | 'versions';

const LABELS: Record<BossTab, MessageKey> = {
  html: 'editor.html',
  css: 'editor.css',
  header_html: 'editor.header',
  footer_html: 'editor.footer',
  data: 'editor.data',
  page: 'editor.page',
  versions: 'editor.versions',
};

/**
 * Boss Mode: the template as code. Editors for the HTML, CSS, header and footer, the sample data as JSON, page
 * settings and versions, beside the variables and the live preview. A lazy chunk: it brings CodeMirror, and loads
 * when someone first switches to Boss Mode.
 */
export default function BossMode() {
  const controller = useBuilderController('BossMode');
  const { t } = useUi();
  // "Open in Boss Mode" names a part: its editor shows, and takes the cursor to the place (controller.reveal).
  const revealPart = useBuilderState(controller, (s) => s.reveal?.part ?? null);
  const [tab, setTab] = useState<BossTab>(revealPart ?? 'html');
  useEffect(() => {
    if (revealPart) setTab(revealPart);
  }, [revealPart]);
  const { features, templateId } = controller.options;
  const tabs: BossTab[] = ['html', 'css', 'header_html', 'footer_html', 'data', 'page'];
  if (features.versions && templateId !== undefined) tabs.push('versions');
  return (
    <div className="quire-boss">
      <aside className="quire-boss-side">
        <VariablePanel />
      </aside>
      <Tabs.Root className="quire-boss-editors" value={tab} onValueChange={(value) => setTab(value as BossTab)}>
        <Tabs.List className="quire-tabs-list" aria-label={t('editor.sources')}>
          {tabs.map((name) => (
            <Tabs.Trigger key={name} value={name} className="quire-tab">
              {t(LABELS[name])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['html', 'css', 'header_html', 'footer_html'] as const).map((part) => (
          <Tabs.Content key={part} value={part} className="quire-tab-panel quire-editor-panel">
            {tab === part ? <LiquidEditor part={part} /> : null}
          </Tabs.Content>
        ))}
        <Tabs.Content value="data" className="quire-tab-panel quire-editor-panel">
          {tab === 'data' ? <DataEditor /> : null}
        </Tabs.Content>
        <Tabs.Content value="page" className="quire-tab-panel quire-scroll-panel">
          <PageSettings />
        </Tabs.Content>
        {tabs.includes('versions') ? (
          <Tabs.Content value="versions" className="quire-tab-panel quire-scroll-panel">
            {tab === 'versions' ? <VersionHistory /> : null}
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
      <div className="quire-boss-preview">
        <TemplatePreview />
      </div>
    </div>
  );
}
