import type { AiReport, AiStage } from '@quire/client';
import { useId } from 'react';
import type { MessageKey } from '../i18n/messages';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { AiReportSummary } from './AiReportSummary';

/** A message of the conversation, as the chat shows it. */
export interface ChatEntry {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  version: number | null;
  /** False: saved as a draft version (serious findings remained); null when not known (loaded history). */
  published: boolean | null;
  report: AiReport | null;
}

/** A turn in flight: the stages reached (with repair rounds) and the model's text so far. */
export interface ChatWorking {
  stages: { stage: AiStage; round?: number | undefined }[];
  text: string;
}

export interface ChatViewProps {
  className: string;
  /** No client to reach the AI with: the chat says so and cannot send. */
  clientMissing: boolean;
  history: 'loading' | 'ready' | { failed: string };
  entries: ChatEntry[];
  working: ChatWorking | null;
  problem: string | null;
  /** What an empty conversation says, and the message box's placeholder. */
  emptyText: string;
  placeholder: string;
  message: string;
  onMessageChange(message: string): void;
  /** Sends the message (trimmed, not empty); only while nothing is in flight. */
  onSend(content: string): void;
  onStop(): void;
  /** The message box cannot be used (a read-only builder). */
  disabled?: boolean;
}

const STAGES: AiStage[] = ['writing', 'checking', 'repairing', 'done'];

/**
 * The chat as it looks, shared by `<AIChat>` on its own and inside the builder: the conversation (each reply with
 * its version and what was checked), the AI's progress while it works, and the message box.
 */
export function ChatView(props: ChatViewProps) {
  const { t } = useUi();
  const inputId = useId();
  const { working, history } = props;
  const reached = new Set(working?.stages.map((s) => s.stage));
  const current = working?.stages[working.stages.length - 1];
  const rounds = working?.stages.filter((s) => s.stage === 'repairing').length ?? 0;
  const disabled = props.clientMissing || props.disabled === true;

  return (
    <section className={props.className} aria-label={t('chat.label')}>
      {props.clientMissing ? (
        <p className="quire-problem" data-level="error" role="alert">
          {t('errors.client_required')}
        </p>
      ) : null}
      <div className="quire-chat-log" role="log" aria-live="polite">
        {history === 'loading' ? <p className="quire-muted">{t('chat.loading')}</p> : null}
        {typeof history === 'object' ? (
          <p className="quire-problem" data-level="error" role="alert">
            {t('chat.loadFailed', { message: history.failed })}
          </p>
        ) : null}
        {history === 'ready' && props.entries.length === 0 && !working ? (
          <p className="quire-muted">{props.emptyText}</p>
        ) : null}
        {props.entries.map((entry) => (
          <article key={entry.key} className="quire-chat-message" data-role={entry.role}>
            <header className="quire-chat-author">{entry.role === 'user' ? t('chat.you') : t('chat.ai')}</header>
            <p className="quire-chat-text">{entry.content}</p>
            {entry.role === 'assistant' && entry.version !== null ? (
              <p className="quire-chat-version">
                <span className="quire-badge">
                  {entry.published === false
                    ? t('chat.versionDraft', { version: entry.version })
                    : t('chat.version', { version: entry.version })}
                </span>
              </p>
            ) : null}
            {entry.report ? <AiReportSummary report={entry.report} /> : null}
          </article>
        ))}
        {working ? (
          <div className="quire-chat-working">
            <ol className="quire-chat-stages" aria-label={t('chat.progress')}>
              {STAGES.map((stage) => (
                <li
                  key={stage}
                  data-state={current?.stage === stage ? 'current' : reached.has(stage) ? 'done' : 'waiting'}
                  aria-current={current?.stage === stage ? 'step' : undefined}
                >
                  {t(`chat.stage.${stage}` as MessageKey)}
                  {stage === 'repairing' && rounds > 0 && current?.round !== undefined
                    ? ` ${t('chat.round', { round: current.round })}`
                    : ''}
                </li>
              ))}
            </ol>
            {working.text ? <pre className="quire-chat-stream">{working.text.slice(-600)}</pre> : null}
          </div>
        ) : null}
        {props.problem ? (
          <p className="quire-problem" data-level="error" role="alert">
            {props.problem}
          </p>
        ) : null}
      </div>
      <form
        className="quire-chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          const content = props.message.trim();
          if (content && !working && !disabled) props.onSend(content);
        }}
      >
        <label htmlFor={inputId} className="quire-visually-hidden">
          {t('chat.input')}
        </label>
        <textarea
          className="quire-input"
          id={inputId}
          value={props.message}
          rows={2}
          maxLength={4000}
          placeholder={props.placeholder}
          disabled={disabled}
          onChange={(event) => props.onMessageChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        {working ? (
          <Button onClick={props.onStop}>{t('chat.stop')}</Button>
        ) : (
          <Button type="submit" variant="primary" disabled={disabled || !props.message.trim()}>
            {t('chat.send')}
          </Button>
        )}
      </form>
    </section>
  );
}
