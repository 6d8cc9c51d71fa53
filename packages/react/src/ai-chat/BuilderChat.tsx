import { APIUserAbortError } from '@quire/client';
import { useEffect, useRef, useState } from 'react';
import { useBuilderState } from '../builder/context';
import type { BuilderController } from '../builder/controller';
import type { AiProposal } from '../builder/types';
import { toBuilderError } from '../errors/builder-error';
import { useUi } from '../root/ui-context';
import type { ParsedAIChatProps } from './AIChat';
import { type ChatEntry, ChatView } from './ChatView';

/** A turn made in this builder, as two messages of the conversation. */
const turnEntries = (turn: AiProposal): ChatEntry[] => [
  { key: `${turn.messageId}-asked`, role: 'user', content: turn.prompt, version: null, published: null, report: null },
  {
    key: turn.messageId,
    role: 'assistant',
    content: turn.reply,
    version: turn.version,
    published: turn.published,
    report: turn.report,
  },
];

/**
 * `<AIChat>` inside the builder: each message is the builder's `askAI` (which saves unsaved edits first, or keeps
 * a draft's working copy up to date), so the AI's change waits in the builder's review like every AI change. The
 * conversation is the one kept in Quire, loaded when the panel opens, with the turns made since (here, or from
 * Easy Mode's "Ask the AI") and the turn in flight.
 */
export function BuilderChat({ props, controller }: { props: ParsedAIChatProps; controller: BuilderController }) {
  const { t } = useUi();
  const client = controller.options.client;
  const conversationId = useBuilderState(controller, (s) => s.conversation.templateId);
  const turns = useBuilderState(controller, (s) => s.conversation.turns);
  const ai = useBuilderState(controller, (s) => s.ai);
  const [loaded, setLoaded] = useState<{ id: string; entries: ChatEntry[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    if (!client || !conversationId) return;
    let live = true;
    setFailed(null);
    (async () => {
      const entries: ChatEntry[] = [];
      for await (const m of client.templates.messages.list(conversationId)) {
        entries.push({
          key: m.id,
          role: m.role,
          content: m.content,
          version: m.version,
          published: null,
          report: m.report,
        });
      }
      if (live) setLoaded({ id: conversationId, entries });
    })().catch((error: unknown) => {
      if (!live) return;
      const failure = toBuilderError(error, 'ai', t);
      setFailed(failure.message);
      callbacks.current.onError?.(failure);
    });
    return () => {
      live = false;
    };
  }, [client, conversationId, t]);

  const history = loaded?.id === conversationId ? loaded.entries : [];
  // A turn may be both in the loaded history and among this builder's turns (the history loaded while it ran).
  const known = new Set(history.map((entry) => entry.key));
  const made = turns.filter((turn) => turn.templateId === conversationId && !known.has(turn.messageId));
  const entries = [...history, ...made.flatMap(turnEntries)];
  if (ai.state === 'working') {
    entries.push({ key: 'asking', role: 'user', content: ai.prompt, version: null, published: null, report: null });
  }
  const status =
    failed !== null
      ? { failed }
      : conversationId && client && loaded?.id !== conversationId && made.length === 0
        ? 'loading'
        : 'ready';

  const send = async (content: string) => {
    setProblem(null);
    try {
      await callbacks.current.onBeforeSend?.();
    } catch (error) {
      const failure = toBuilderError(error, 'ai', t);
      setProblem(failure.message);
      callbacks.current.onError?.(failure);
      return;
    }
    setMessage('');
    try {
      await controller.askAI(content);
    } catch (error) {
      if (APIUserAbortError.isInstance(error)) {
        setProblem(t('chat.stopped'));
        return;
      }
      const failure = toBuilderError(error, 'ai', t);
      setProblem(t('chat.failed', { message: failure.message }));
      callbacks.current.onError?.(failure);
    }
  };

  return (
    <ChatView
      className={`quire-ai-chat${props.className ? ` ${props.className}` : ''}`}
      clientMissing={!client}
      history={status}
      entries={entries}
      working={ai.state === 'working' ? { stages: ai.stages ?? [], text: ai.text } : null}
      problem={problem}
      emptyText={t('chat.empty')}
      placeholder={t('chat.placeholder')}
      message={message}
      onMessageChange={setMessage}
      onSend={(content) => void send(content)}
      onStop={() => controller.stopAI()}
      disabled={controller.readOnly || ai.state !== 'idle'}
    />
  );
}
