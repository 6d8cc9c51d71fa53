import type { AiGenerateParams, AiGenerateResult, AiStream, TemplateMessageResult } from '@quire/client';
import { APIUserAbortError } from '@quire/client';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useOptionalBuilder } from '../builder/context';
import { type BuilderError, builderFailure, toBuilderError } from '../errors/builder-error';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { useQuireClient } from '../provider/context';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import { BuilderChat } from './BuilderChat';
import { type ChatEntry, ChatView, type ChatWorking } from './ChatView';

const GenerateOptions = z
  .object({
    kind: z.enum(['document', 'email']),
    name: z.string().min(1).max(200),
    page: z.record(z.string(), z.unknown()),
    data_sample: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
    schema: z.record(z.string(), z.unknown()),
    data_source_id: z.string().min(1),
    params: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();

export const AIChatProps = z
  .object({
    /** The template whose conversation this is. Without it, the first message writes a new template. */
    templateId: z.string().min(1, 'Expected a template id such as "tpl_…"').optional(),
    /** For a new template: its kind, name, page and what its data looks like (a sample, a schema or a source). */
    generate: GenerateOptions.optional(),
    /** Runs before each message is sent (the builder saves unsaved edits, so that the AI sees them). */
    onBeforeSend: fn<() => unknown>().optional(),
    /**
     * Each turn: the AI's reply, the version it saved and the template after it. (Inside the builder, a turn is the
     * builder's AI proposal instead: its review, `onChange` with `source: 'ai'` on Accept.)
     */
    onTurn: fn<(turn: TemplateMessageResult) => void>().optional(),
    /** The template the first message wrote (without `templateId`). */
    onGenerated: fn<(result: AiGenerateResult) => void>().optional(),
    onError: fn<(error: BuilderError) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict();

export type AIChatProps = z.input<typeof AIChatProps>;
export type ParsedAIChatProps = z.output<typeof AIChatProps>;

/**
 * The AI chat: ask for a change in words, watch the AI write, check and repair it (streamed through the
 * client), and read what it checked and what it did not do. Each turn is a new version of the template. Without
 * a `templateId` the first message writes a new template from the description. Needs a `<QuireProvider>`.
 *
 * Inside `<TemplateBuilder>` (without `templateId` or `generate` of its own) it is the builder's chat: each message
 * is the builder's `askAI`, its change waits in the builder's review (Accept or Reject), and the conversation is
 * the builder's template's (or, for a draft the host holds, its working copy's).
 */
export function AIChat(input: AIChatProps) {
  const props = parseProps('AIChat', AIChatProps, input);
  const builder = useOptionalBuilder();
  const own = props.templateId !== undefined || props.generate !== undefined;
  return (
    <Standalone settings={props}>
      {builder && !own ? <BuilderChat props={props} controller={builder} /> : <AIChatBody props={props} />}
    </Standalone>
  );
}

function AIChatBody({ props }: { props: ParsedAIChatProps }) {
  const { t } = useUi();
  const client = useQuireClient();
  const [templateId, setTemplateId] = useState(props.templateId);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [history, setHistory] = useState<'loading' | 'ready' | { failed: string }>(
    props.templateId ? 'loading' : 'ready',
  );
  const [working, setWorking] = useState<ChatWorking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const stream = useRef<AiStream<unknown> | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const report = (error: BuilderError) => {
    setProblem(error.message);
    callbacks.current.onError?.(error);
  };

  // A new template id from the host: its conversation.
  useEffect(() => {
    setTemplateId(props.templateId);
  }, [props.templateId]);

  // The template the first message wrote: its conversation is already on screen.
  const generatedId = useRef<string | null>(null);

  useEffect(() => {
    if (!client || !templateId || templateId === generatedId.current) return;
    let live = true;
    setHistory('loading');
    (async () => {
      const loaded: ChatEntry[] = [];
      for await (const message of client.templates.messages.list(templateId)) {
        loaded.push({
          key: message.id,
          role: message.role,
          content: message.content,
          version: message.version,
          published: null,
          report: message.report,
        });
      }
      if (!live) return;
      setEntries(loaded);
      setHistory('ready');
    })().catch((error: unknown) => {
      if (!live) return;
      const failure = toBuilderError(error, 'ai', t);
      setHistory({ failed: failure.message });
      callbacks.current.onError?.(failure);
    });
    return () => {
      live = false;
    };
  }, [client, templateId, t]);

  useEffect(() => () => stream.current?.abort(), []);

  const send = async (content: string) => {
    if (!client) return report(toBuilderError(builderFailure('client_required', 'ai', t), 'ai', t));
    setProblem(null);
    try {
      await callbacks.current.onBeforeSend?.();
    } catch (error) {
      return report(toBuilderError(error, 'ai', t));
    }
    const key = `local-${Date.now()}`;
    setEntries((list) => [...list, { key, role: 'user', content, version: null, published: null, report: null }]);
    setDraft('');
    setWorking({ stages: [], text: '' });
    const opened: AiStream<TemplateMessageResult | AiGenerateResult> = templateId
      ? client.templates.messages.stream(templateId, { content })
      : client.ai.generateStream({ prompt: content, ...callbacks.current.generate } as AiGenerateParams);
    stream.current = opened as AiStream<unknown>;
    try {
      let result: TemplateMessageResult | AiGenerateResult | undefined;
      for await (const event of opened) {
        if (event.type === 'done') result = event.result;
        else if (event.type === 'progress') {
          setWorking((w) => {
            const stages = w?.stages ?? [];
            const last = stages[stages.length - 1];
            if (last && last.stage === event.stage && last.round === event.round) return w;
            return { text: w?.text ?? '', stages: [...stages, { stage: event.stage, round: event.round }] };
          });
        } else if (event.type === 'delta') {
          setWorking((w) => ({ stages: w?.stages ?? [], text: (w?.text ?? '') + event.text }));
        }
      }
      if (!result) throw new Error('The AI stream ended without its result');
      if (result.object === 'ai_turn') {
        const turn = result;
        setEntries((list) => [
          ...list,
          {
            key: turn.message.id,
            role: 'assistant',
            content: turn.message.content,
            version: turn.version,
            published: turn.published,
            report: turn.report,
          },
        ]);
        callbacks.current.onTurn?.(turn);
      } else {
        const generated = result;
        setEntries((list) => [
          ...list,
          {
            key: `generated-${generated.template.id}`,
            role: 'assistant',
            content: generated.reply,
            version: generated.template.latest_version,
            published: true,
            report: generated.report,
          },
        ]);
        generatedId.current = generated.template.id;
        setTemplateId(generated.template.id);
        callbacks.current.onGenerated?.(generated);
      }
    } catch (error) {
      if (APIUserAbortError.isInstance(error)) setProblem(t('chat.stopped'));
      else {
        const failure = toBuilderError(error, 'ai', t);
        report({ ...failure, message: t('chat.failed', { message: failure.message }) });
      }
    } finally {
      stream.current = null;
      setWorking(null);
    }
  };

  return (
    <ChatView
      className={`quire-ai-chat${props.className ? ` ${props.className}` : ''}`}
      clientMissing={!client}
      history={history}
      entries={entries}
      working={working}
      problem={problem}
      emptyText={templateId ? t('chat.empty') : t('chat.emptyNew')}
      placeholder={templateId ? t('chat.placeholder') : t('chat.placeholderNew')}
      message={draft}
      onMessageChange={setDraft}
      onSend={(content) => void send(content)}
      onStop={() => stream.current?.abort()}
    />
  );
}
