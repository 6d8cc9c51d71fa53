import { lazy, Suspense, useId, useState } from 'react';
import { AIChat } from '../ai-chat/AIChat';
import { AiReview } from '../ai-review/AiReview';
import { EasyMode } from '../easy/EasyMode';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { useBuilderController, useBuilderState } from './context';
import { Toolbar } from './Toolbar';

// Boss Mode brings CodeMirror: a chunk loaded the first time someone switches to it.
const BossMode = lazy(() => import('../boss/BossMode'));

/**
 * The default layout: the toolbar, then Easy Mode or Boss Mode, the AI chat beside either when it is open, and the
 * AI review when a change waits.
 */
export function BuilderLayout() {
  const controller = useBuilderController('BuilderLayout');
  const { t } = useUi();
  const status = useBuilderState(controller, (s) => s.status);
  const loadError = useBuilderState(controller, (s) => s.loadError);
  const mode = useBuilderState(controller, (s) => (controller.options.permissions.editCode ? s.mode : 'easy'));
  const notice = useBuilderState(controller, (s) => s.notice);
  const aiWorking = useBuilderState(controller, (s) => s.ai.state === 'working');
  const [chatOpen, setChatOpen] = useState(false);
  const chatId = useId();
  const chatShown = chatOpen && controller.aiAvailable && status === 'ready';
  let body: React.ReactNode;
  if (status === 'loading') {
    body = (
      <p className="quire-builder-message" role="status">
        {t('builder.loading')}
      </p>
    );
  } else if (status === 'error') {
    body = (
      <div className="quire-builder-message" role="alert">
        <p>{t('builder.loadFailed')}</p>
        {loadError ? <p className="quire-muted">{loadError.message}</p> : null}
        <Button onClick={() => void controller.load()}>{t('builder.retry')}</Button>
      </div>
    );
  } else if (mode === 'boss') {
    body = (
      <Suspense
        fallback={
          <p className="quire-builder-message" role="status">
            {t('editor.loading')}
          </p>
        }
      >
        <BossMode />
      </Suspense>
    );
  } else {
    body = <EasyMode />;
  }
  return (
    <div className="quire-builder-layout" data-mode={mode}>
      <Toolbar
        chat={controller.aiAvailable ? { open: chatOpen, toggle: () => setChatOpen((o) => !o), id: chatId } : null}
      />
      <div className="quire-builder-body">
        <div className="quire-builder-main">{body}</div>
        {chatShown ? (
          <div className="quire-builder-chat" id={chatId}>
            <AIChat />
          </div>
        ) : null}
      </div>
      {/* Easy Mode and the chat show the AI's progress themselves. */}
      {aiWorking && mode === 'boss' && !chatShown ? (
        <p className="quire-ai-working" role="status">
          {t('ai.working')}
        </p>
      ) : null}
      <AiReview />
      <div className="quire-visually-hidden" aria-live="polite">
        {notice}
      </div>
    </div>
  );
}
