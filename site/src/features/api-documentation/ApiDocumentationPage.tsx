import './api-documentation.css';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { serviceOrigin } from '../../api/client';
import { API_DOCUMENTATION_TEXT as T } from '../../content/api-documentation';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { CopyButton, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import {
  curlExample,
  type ExampleValues,
  exampleBody,
  examplePath,
  groupOperations,
  matches,
  type OpenApiDocument,
  type OperationEntry,
  resolve,
  responseExample,
  type Schema,
  typeLabel,
} from './openapi';

/**
 * /api-documentation: the service's API reference (its /openapi.json) inside the app, grouped by section,
 * searchable, with examples that name the team's own template.
 */
export function ApiDocumentationPage() {
  usePageTitle(T.title);
  const { client, can } = useWorkspace();
  const boss = useBossMode();
  const id = useId();
  const doc = useQuery({
    queryKey: ['openapi-document'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch(`${serviceOrigin()}/openapi.json`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${T.loadFailed} (${response.status})`);
      return (await response.json()) as OpenApiDocument;
    },
  });
  const template = useQuery({
    queryKey: useTeamKey('templates', 'first-for-docs'),
    enabled: can('templates:read'),
    queryFn: async () => (await client.templates.list({ limit: 1 })).data[0] ?? null,
  });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const deferredSearch = useDeferredValue(search);
  const groups = useMemo(() => (doc.data ? groupOperations(doc.data) : []), [doc.data]);
  const shown = useMemo(
    () =>
      groups
        .filter((group) => !tag || group.tag === tag)
        .map((group) => ({ ...group, operations: group.operations.filter((op) => matches(op, deferredSearch)) }))
        .filter((group) => group.operations.length > 0),
    [groups, tag, deferredSearch],
  );
  const values: ExampleValues = template.data
    ? { templateId: template.data.id, templateVersion: template.data.published_version }
    : {};
  const count = shown.reduce((n, group) => n + group.operations.length, 0);

  return (
    <div className="apidoc-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="apidoc-lead">{T.lead}</p>
        </div>
      </header>
      <section className="app-card apidoc-intro" aria-label="Getting started">
        <dl>
          <div>
            <dt>{T.baseUrl}</dt>
            <dd>
              <code>{serviceOrigin()}</code>
            </dd>
          </div>
          <div>
            <dt>{T.auth}</dt>
            <dd>{T.authText}</dd>
          </div>
        </dl>
        <p data-testid="apidoc-template">
          {template.data ? (
            <>
              {T.examplesFor(template.data.name)} <code>{template.data.id}</code>
            </>
          ) : template.isPending && can('templates:read') ? null : (
            T.noTemplate
          )}
        </p>
        {boss ? (
          <p>
            {T.rawDocument}: <a href="/openapi.json">/openapi.json</a> · <a href="/docs">/docs</a>
            {doc.data ? ` (OpenAPI ${doc.data.openapi}, ${doc.data.info.title} ${doc.data.info.version})` : null}
          </p>
        ) : null}
      </section>

      <search className="apidoc-filters">
        <div className="apidoc-field">
          <label htmlFor={`${id}-search`}>{T.search}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder={T.searchPlaceholder}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="apidoc-field">
          <label htmlFor={`${id}-tag`}>{T.tag}</label>
          <select id={`${id}-tag`} value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">{T.allTags}</option>
            {groups.map((group) => (
              <option key={group.tag} value={group.tag}>
                {group.tag}
              </option>
            ))}
          </select>
        </div>
        {doc.data ? (
          <p className="apidoc-count" aria-live="polite">
            {T.matches(count)}
          </p>
        ) : null}
      </search>

      {doc.isPending ? (
        <Loading />
      ) : doc.isError ? (
        <p role="alert" className="apidoc-error">
          {doc.error.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="app-card">{T.noMatch}</p>
      ) : (
        shown.map((group) => (
          <section key={group.tag} className="apidoc-group" aria-labelledby={`${id}-g-${slug(group.tag)}`}>
            <h2 id={`${id}-g-${slug(group.tag)}`}>{group.tag}</h2>
            {group.description ? <Markdown text={group.description} /> : null}
            <div className="apidoc-operations">
              {group.operations.map((entry) => (
                <OperationView key={entry.key} doc={doc.data} entry={entry} values={values} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** One operation, folded: its contents are made only when it is opened (the document has ~100). */
function OperationView({ doc, entry, values }: { doc: OpenApiDocument; entry: OperationEntry; values: ExampleValues }) {
  const [open, setOpen] = useState(false);
  const { operation } = entry;
  return (
    <details
      className="apidoc-operation"
      data-operation={operation.operationId}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className={`apidoc-method apidoc-method-${entry.method.toLowerCase()}`}>{entry.method}</span>
        <code className="apidoc-path">{entry.path}</code>
        <span className="apidoc-summary">{operation.summary}</span>
      </summary>
      {open ? <OperationBody doc={doc} entry={entry} values={values} /> : null}
    </details>
  );
}

function OperationBody({ doc, entry, values }: { doc: OpenApiDocument; entry: OperationEntry; values: ExampleValues }) {
  const { operation } = entry;
  const path = examplePath(entry.path, values);
  const body = exampleBody(doc, operation, values);
  const curl = curlExample(serviceOrigin(), entry.method, path, operation, body);
  const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
  const otherBodies = Object.keys(operation.requestBody?.content ?? {}).filter((t) => t !== 'application/json');
  return (
    <div className="apidoc-body">
      {operation.description ? <Markdown text={operation.description} /> : null}
      <p className="apidoc-muted">
        {operation.security?.length
          ? `${T.auth}: ${[...new Set(operation.security.flatMap((s) => Object.keys(s)))].join(', ')}`
          : T.noAuth}
      </p>
      <h3>{T.example}</h3>
      <div className="apidoc-example">
        <CopyButton text={curl} label="Copy curl" />
        <pre className="app-code">
          <code data-testid="apidoc-curl">{curl}</code>
        </pre>
      </div>
      {operation.parameters?.length ? (
        <>
          <h3>{T.parameters}</h3>
          <div className="apidoc-table-wrap">
            <table className="apidoc-table">
              <thead>
                <tr>
                  <th scope="col">{T.columns.name}</th>
                  <th scope="col">{T.columns.in}</th>
                  <th scope="col">{T.columns.description}</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                      {p.required ? <span className="apidoc-required"> {T.required}</span> : null}
                      <span className="apidoc-muted apidoc-block">{typeLabel(doc, p.schema)}</span>
                    </td>
                    <td>{p.in}</td>
                    <td>{p.description ? <Markdown text={p.description} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {requestSchema || otherBodies.length ? (
        <>
          <h3>{T.requestBody}</h3>
          {otherBodies.length ? <p className="apidoc-muted">{otherBodies.join(', ')}</p> : null}
          {requestSchema ? <SchemaTree doc={doc} schema={requestSchema} /> : null}
        </>
      ) : null}
      <h3>{T.responses}</h3>
      <ul className="apidoc-responses">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const media = response.content?.['application/json'];
          const example = responseExample(media);
          return (
            <li key={status}>
              <details>
                <summary>
                  <strong className={`apidoc-status apidoc-status-${status[0]}`}>{status}</strong>{' '}
                  {firstLine(response.description)}
                </summary>
                <div className="apidoc-response">
                  {response.description ? <Markdown text={response.description} /> : null}
                  {example !== undefined ? (
                    <>
                      <h4>{T.responseExample}</h4>
                      <pre className="app-code">
                        <code>{JSON.stringify(example, null, 2)}</code>
                      </pre>
                    </>
                  ) : null}
                  {media?.schema ? <SchemaTree doc={doc} schema={media.schema} /> : null}
                  {response.content && !media ? (
                    <p className="apidoc-muted">{Object.keys(response.content).join(', ')}</p>
                  ) : null}
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0]?.replace(/[`*]/g, '') ?? '';

/** A schema's properties as a nested list: name, type, required, description. */
function SchemaTree({ doc, schema: raw, depth = 0 }: { doc: OpenApiDocument; schema: Schema; depth?: number }) {
  const schema = resolve(doc, raw);
  if (!schema || depth > 5) return null;
  const parts = schema.allOf?.map((part) => resolve(doc, part)).filter((s): s is Schema => Boolean(s)) ?? [schema];
  const properties = Object.assign({}, ...parts.map((s) => s.properties ?? {})) as Record<string, Schema>;
  const required = new Set(parts.flatMap((s) => s.required ?? []));
  const itemProps = schema.type === 'array' ? resolve(doc, schema.items) : undefined;
  const variants = (schema.oneOf ?? schema.anyOf)?.map((v) => resolve(doc, v)).filter((v): v is Schema => Boolean(v));
  if (!Object.keys(properties).length && variants?.some((v) => v.properties)) {
    return (
      <div className="apidoc-schema">
        <p className="apidoc-muted">{T.oneOf}</p>
        <ol className="apidoc-variants">
          {variants.map((variant, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the variants of a fixed schema.
            <li key={index}>
              <strong>{variantName(variant, index)}</strong>
              <SchemaTree doc={doc} schema={variant} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (!Object.keys(properties).length) {
    if (itemProps?.properties) {
      return (
        <div className="apidoc-schema">
          <p className="apidoc-muted">{typeLabel(doc, raw)}</p>
          <SchemaTree doc={doc} schema={itemProps} depth={depth + 1} />
        </div>
      );
    }
    return depth === 0 ? <p className="apidoc-muted">{typeLabel(doc, raw)}</p> : null;
  }
  return (
    <ul className="apidoc-schema">
      {Object.entries(properties).map(([name, child]) => {
        const resolved = resolve(doc, child);
        const nested =
          resolved?.properties || resolved?.allOf || resolve(doc, resolved?.items)?.properties ? resolved : undefined;
        return (
          <li key={name}>
            <code>{name}</code> <span className="apidoc-type">{typeLabel(doc, child)}</span>
            {required.has(name) ? <span className="apidoc-required"> {T.required}</span> : null}
            {resolved?.description ? <Markdown text={resolved.description} /> : null}
            {nested && depth < 4 ? <SchemaTree doc={doc} schema={nested} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A variant of a union, by the value of its discriminator (`type: "http"`) when it has one. */
function variantName(variant: Schema, index: number): string {
  for (const [name, property] of Object.entries(variant.properties ?? {})) {
    const value = property.const ?? (property.enum?.length === 1 ? property.enum[0] : undefined);
    if (value !== undefined) return `${name}: ${JSON.stringify(value)}`;
  }
  return `Variant ${index + 1}`;
}

/** The document's descriptions are short Markdown: paragraphs, `code`, **bold** and [links](…). */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="apidoc-text">
      {text.split(/\n{2,}/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text.
        <p key={index}>{inline(paragraph)}</p>
      ))}
    </div>
  );
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (match[1] !== undefined) out.push(<code key={at}>{match[1]}</code>);
    else if (match[2] !== undefined) out.push(<strong key={at}>{match[2]}</strong>);
    else if (match[3] !== undefined) {
      const href = match[4] ?? '';
      out.push(
        /^(https?:|\/)/.test(href) ? (
          <a key={at} href={href}>
            {match[3]}
          </a>
        ) : (
          <Fragment key={at}>{match[3]}</Fragment>
        ),
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
