/** The page Easy Mode's browser test drives: W1 in `<EasyEditor>`, kept by a host; the drafts on `window.easy`. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TemplateDraft } from '../builder/types';
import { EasyEditor } from '../easy/EasyEditor';
import { W1_DRAFT } from './w1-invoice';

declare global {
  interface Window {
    easy: { drafts: TemplateDraft[] };
  }
}

window.easy = { drafts: [] };

function Host() {
  const [draft, setDraft] = useState<TemplateDraft>(W1_DRAFT);
  return (
    <div style={{ width: 1200, height: 900, display: 'flex' }}>
      <EasyEditor
        value={draft}
        debounceMs={0}
        onChange={(next) => {
          window.easy.drafts.push(next);
          setDraft(next);
        }}
      />
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Host />);
