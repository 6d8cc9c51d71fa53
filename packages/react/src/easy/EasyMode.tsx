import { TemplatePreview } from '../preview/TemplatePreview';
import { VariablePanel } from '../variables/VariablePanel';

/**
 * Easy Mode: the template without code. The report as it will look, and the data it reads with the sample's
 * values; a variable clicked is added to the template. (Forms for the data, the AI chat and editing by clicking
 * the preview join this view from their own folders.)
 */
export function EasyMode() {
  return (
    <div className="quire-easy">
      <aside className="quire-easy-side">
        <VariablePanel />
      </aside>
      <div className="quire-easy-preview">
        <TemplatePreview />
      </div>
    </div>
  );
}
