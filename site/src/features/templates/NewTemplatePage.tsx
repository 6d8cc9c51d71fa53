import './templates.css';
import type { AiStage, Template, TemplateCreateParams } from '@quire/client';
import { QuireProvider, StarterGallery } from '@quire/react';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { ApiSnippet, useTeamKey, useWorkspace } from '../../workspace';
import { notify, serviceMessage } from '../account/notify';
import { importHtml, nameOfFile } from './import-html';
import { templatesKey } from './paths';

/** The largest HTML file taken (the service's request limit is about this size too). */
const MAX_IMPORT_BYTES = 1024 * 1024;

type Way = 'describe' | 'starters' | 'import' | 'blank';

/**
 * Making a template. `/templates/new` offers every way: describe it to the AI, a starter, imported HTML, or blank.
 * `/templates/easy/new` (`easy`) is Easy Mode's way in: describe it or pick a starter, in plain words. Either way the
 * new template opens in the builder.
 */
export function NewTemplatePage({ easy = false }: { easy?: boolean }) {
  usePageTitle(easy ? T.easyNewTitle : T.newTitle);
  const { can } = useWorkspace();
  const ways: { id: Way; label: string }[] = [
    { id: 'describe', label: T.describeTab },
    { id: 'starters', label: T.startersTab },
    ...(easy
      ? []
      : [
          { id: 'import' as const, label: T.importTab },
          { id: 'blank' as const, label: T.blankTab },
        ]),
  ];
  return (
    <section className="templates-page templates-new" aria-labelledby="templates-new-title">
      <header className="app-page-header">
        <div>
          <h1 id="templates-new-title">{easy ? T.easyNewTitle : T.newTitle}</h1>
          <p className="templates-lead">{easy ? T.easyNewLead : T.newLead}</p>
        </div>
        <div className="templates-header-links">
          {easy ? (
            <Link to="/templates/new" className="site-button site-button-ghost">
              {T.moreWays}
            </Link>
          ) : null}
          <Link to="/templates" className="site-button site-button-secondary">
            {T.backToTemplates}
          </Link>
        </div>
      </header>
      {!can('templates:write') ? (
        <p className="app-card templates-note">{T.readOnlyCreate}</p>
      ) : (
        <Tabs.Root defaultValue="describe" className="templates-ways">
          <Tabs.List className="templates-tabs" aria-label={T.waysLabel}>
            {ways.map((way) => (
              <Tabs.Trigger key={way.id} value={way.id} className="templates-tab">
                {way.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="describe" className="templates-way">
            <DescribeIt />
          </Tabs.Content>
          <Tabs.Content value="starters" className="templates-way">
            <FromStarter />
          </Tabs.Content>
          {easy ? null : (
            <>
              <Tabs.Content value="import" className="templates-way">
                <ImportHtml />
              </Tabs.Content>
              <Tabs.Content value="blank" className="templates-way">
                <Blank />
              </Tabs.Content>
            </>
          )}
        </Tabs.Root>
      )}
    </section>
  );
}

/** After any way: the list learns of the template, a toast says so, and the builder opens on it. */
function useOpenCreated() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const listKey = useTeamKey(...templatesKey);
  return async (template: Template) => {
    notify.success(T.created(template.name));
    await queryClient.invalidateQueries({ queryKey: listKey });
    await navigate({ to: '/templates/$id', params: { id: template.id } });
  };
}

function useCreate() {
  const { client } = useWorkspace();
  const opened = useOpenCreated();
  return useMutation({
    mutationFn: (body: TemplateCreateParams) => client.templates.create(body),
    onSuccess: opened,
    onError: (error) => notify.error(serviceMessage(error, T.createFailed)),
  });
}

function TextField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  code?: boolean;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = {
    id,
    value: props.value,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <div className="templates-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea
          {...common}
          rows={props.rows ?? 4}
          className={props.code ? 'templates-code-input' : undefined}
          spellCheck={props.code ? false : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input {...common} type="text" onChange={(event) => props.onChange(event.target.value)} />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="templates-hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="templates-field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A sentence to the AI (the service's writer; the built-in offline one when no model is configured). */
function DescribeIt() {
  const { client } = useWorkspace();
  const opened = useOpenCreated();
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<AiStage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stream = useRef<ReturnType<typeof client.ai.generateStream> | null>(null);
  const working = stage !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sentence = prompt.trim();
    if (!sentence) return setError(T.describeRequired);
    setError(null);
    setFailure(null);
    setStage('writing');
    try {
      // No data given: the writer proposes the data's shape and its sample itself (the service allows it; the
      // client's type asks for one of the data hints).
      const generation = client.ai.generateStream({ prompt: sentence });
      stream.current = generation;
      for await (const event of generation) {
        if (event.type === 'progress') setStage(event.stage);
        if (event.type === 'done') {
          await opened(event.result.template);
          return;
        }
      }
    } catch (problem) {
      setFailure(serviceMessage(problem, T.describeFailed));
      setStage(null);
    }
  }

  return (
    <form className="templates-form" onSubmit={submit} noValidate>
      <TextField
        label={T.describeLabel}
        value={prompt}
        onChange={(value) => {
          setPrompt(value);
          if (value.trim()) setError(null);
        }}
        error={error}
        hint={T.describeHint}
        multiline
        rows={4}
      />
      <div className="templates-form-actions">
        <button type="submit" className="site-button site-button-primary" disabled={working}>
          {working ? T.describeWorking : T.describeSubmit}
        </button>
        <p className="templates-progress" role="status">
          {stage ? (T.aiStages[stage] ?? '') : ''}
        </p>
      </div>
      {failure ? (
        <p className="templates-field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <ApiSnippet
        title={T.snippetGenerate}
        action={{
          method: 'POST',
          path: '/v1/ai/templates',
          body: { prompt: prompt.trim() || 'An invoice for a design studio with line items and a total' },
          client: `const { template, reply } = await quire.ai.generate({ prompt: ${JSON.stringify(prompt.trim() || 'An invoice for a design studio with line items and a total')} });`,
          mcp: {
            tool: 'generate_template',
            arguments: { prompt: prompt.trim() || 'An invoice for a design studio with line items and a total' },
          },
        }}
      />
    </form>
  );
}

function FromStarter() {
  const { client } = useWorkspace();
  const { preference } = useSiteTheme();
  const create = useCreate();
  const [picked, setPicked] = useState('invoice');
  return (
    <div className="templates-starters">
      {create.isPending ? (
        <p role="status" className="templates-progress">
          {T.creating}
        </p>
      ) : null}
      <QuireProvider client={client} theme={preference}>
        <StarterGallery
          onSelect={(starter) => {
            if (create.isPending) return;
            setPicked(starter.id);
            create.mutate({ starter_id: starter.id });
          }}
        />
      </QuireProvider>
      <ApiSnippet
        title={T.snippetCreate}
        action={{
          method: 'POST',
          path: '/v1/templates',
          body: { starter_id: picked },
          client: `const template = await quire.templates.create({ starter_id: '${picked}' });`,
          mcp: { tool: 'create_template', arguments: { starter_id: picked } },
        }}
      />
    </div>
  );
}

function ImportHtml() {
  const create = useCreate();
  const [name, setName] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<{ name?: string; source?: string }>({});
  const fileId = useId();

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return setErrors({ source: T.importTooLarge });
    const text = await file.text();
    setSource(text);
    setErrors({});
    if (!name) setName(importHtml(text).title ?? nameOfFile(file.name));
  }

  const parts = importHtml(source);
  const chosenName = name.trim() || parts.title || '';
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(chosenName ? {} : { name: T.nameRequired }),
      ...(parts.html ? {} : { source: T.importRequired }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ name: chosenName, html: parts.html, css: parts.css, message: 'Imported HTML' });
  }
  return (
    <form className="templates-form" onSubmit={submit} noValidate>
      <div className="templates-field">
        <label htmlFor={fileId}>{T.importFileLabel}</label>
        <input
          id={fileId}
          type="file"
          accept=".html,.htm,.liquid,text/html"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </div>
      <TextField
        label={T.importPasteLabel}
        value={source}
        onChange={setSource}
        error={errors.source}
        hint={T.importHint}
        multiline
        rows={8}
        code
      />
      <TextField
        label={T.nameLabel}
        value={name}
        onChange={setName}
        error={errors.name}
        placeholder={parts.title ?? T.namePlaceholder}
      />
      <div className="templates-form-actions">
        <button type="submit" className="site-button site-button-primary" disabled={create.isPending}>
          {create.isPending ? T.creating : T.importSubmit}
        </button>
      </div>
      <ApiSnippet
        title={T.snippetCreate}
        action={{
          method: 'POST',
          path: '/v1/templates',
          body: { name: chosenName || 'Imported template', html: parts.html || '<h1>{{ title }}</h1>', css: parts.css },
          client: `const template = await quire.templates.create({ name: ${JSON.stringify(chosenName || 'Imported template')}, html, css });`,
          mcp: { tool: 'create_template', arguments: { name: chosenName || 'Imported template', html: '…', css: '…' } },
        }}
      />
    </form>
  );
}

function Blank() {
  const create = useCreate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(T.nameRequired);
    setError(null);
    create.mutate({ name: name.trim() });
  }
  return (
    <form className="templates-form" onSubmit={submit} noValidate>
      <TextField label={T.nameLabel} value={name} onChange={setName} error={error} placeholder={T.namePlaceholder} />
      <div className="templates-form-actions">
        <button type="submit" className="site-button site-button-primary" disabled={create.isPending}>
          {create.isPending ? T.creating : T.blankSubmit}
        </button>
      </div>
      <ApiSnippet
        title={T.snippetCreate}
        action={{
          method: 'POST',
          path: '/v1/templates',
          body: { name: name.trim() || T.namePlaceholder },
          client: `const template = await quire.templates.create({ name: ${JSON.stringify(name.trim() || T.namePlaceholder)} });`,
          mcp: {
            tool: 'create_template',
            arguments: { name: name.trim() || T.namePlaceholder, html: '<h1>{{ title }}</h1>' },
          },
        }}
      />
    </form>
  );
}
