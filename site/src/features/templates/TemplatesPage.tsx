import './templates.css';
import type { TemplateSummary } from '@quire/client';
import { Dialog } from '@quire/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { usePageTitle } from '../../layout/use-page-title';
import { ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import { notify, serviceMessage } from '../account/notify';
import { newTemplatePath, templatesKey } from './paths';
import { TemplateThumbnail } from './TemplateThumbnail';
import { forgetThumbnail } from './thumbnail-cache';

/** Templates per page of the grid (the API's cursor pagination; "Show more" asks for the next page). */
export const PAGE_SIZE = 24;

function useDebounced<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * /templates: the team's templates as a grid of first pages, newest first, searchable by name, with their state
 * (published, or a draft newer than what reports use) and what the role allows: edit, preview, duplicate, copy the
 * id, delete after a confirmation.
 */
export function TemplatesPage() {
  usePageTitle(T.title);
  const { team, client, can } = useWorkspace();
  const boss = useBossMode();
  const canRead = can('templates:read');
  const canWrite = can('templates:write');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const searchId = useId();
  const list = useInfiniteQuery({
    queryKey: useTeamKey(...templatesKey, q),
    queryFn: async ({ pageParam }) => {
      const page = await client.templates.list({
        limit: PAGE_SIZE,
        ...(q ? { q } : {}),
        ...(pageParam ? { starting_after: pageParam } : {}),
      });
      return { data: page.data, next: page.hasNextPage() ? page.next_cursor : null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: canRead,
  });
  const templates = list.data?.pages.flatMap((page) => page.data) ?? [];
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);

  return (
    <section className="templates-page" aria-labelledby="templates-title">
      <header className="app-page-header">
        <div>
          <h1 id="templates-title">{T.title}</h1>
          <p className="templates-lead">{T.lead}</p>
        </div>
        {canWrite ? (
          <Link to={newTemplatePath(boss)} className="site-button site-button-primary">
            {T.create}
          </Link>
        ) : null}
      </header>

      {!canRead ? (
        <p className="app-card templates-note">{T.noAccess}</p>
      ) : (
        <>
          <div className="templates-search">
            <label htmlFor={searchId}>{T.searchLabel}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={T.searchPlaceholder}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {list.isPending ? (
            <p role="status">{T.loading}</p>
          ) : list.isError ? (
            <div className="app-card templates-note" role="alert">
              <p>{serviceMessage(list.error, T.loadFailed)}</p>
              <button type="button" className="site-button site-button-secondary" onClick={() => list.refetch()}>
                {T.retry}
              </button>
            </div>
          ) : templates.length === 0 ? (
            q ? (
              <p className="app-card templates-note" role="status">
                {T.noMatches}
              </p>
            ) : (
              <EmptyState canWrite={canWrite} boss={boss} />
            )
          ) : (
            <>
              <ul className="templates-grid" aria-label={T.title}>
                {templates.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    teamId={team.id}
                    canWrite={canWrite}
                    onDelete={() => setDeleting(template)}
                  />
                ))}
              </ul>
              {list.hasNextPage ? (
                <div className="templates-more">
                  <button
                    type="button"
                    className="site-button site-button-secondary"
                    disabled={list.isFetchingNextPage}
                    onClick={() => list.fetchNextPage()}
                  >
                    {list.isFetchingNextPage ? T.loadingMore : T.more}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </>
      )}

      {deleting ? <DeleteDialog template={deleting} onClose={() => setDeleting(null)} /> : null}

      {canRead ? (
        <ApiSnippet
          title={T.snippetList}
          action={{
            method: 'GET',
            path: `/v1/templates?limit=${PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
            client: `const page = await quire.templates.list({ limit: ${PAGE_SIZE}${q ? `, q: ${JSON.stringify(q)}` : ''} });`,
            mcp: { tool: 'list_templates', arguments: q ? { query: q } : {} },
          }}
        />
      ) : null}
      {canWrite ? (
        <ApiSnippet
          title={T.snippetCreate}
          action={{
            method: 'POST',
            path: '/v1/templates',
            body: { starter_id: 'invoice', name: 'Invoice' },
            client: `const template = await quire.templates.create({ starter_id: 'invoice', name: 'Invoice' });`,
            mcp: { tool: 'create_template', arguments: { starter_id: 'invoice', name: 'Invoice' } },
          }}
        />
      ) : null}
    </section>
  );
}

function EmptyState({ canWrite, boss }: { canWrite: boolean; boss: boolean }) {
  return (
    <div className="app-card templates-empty">
      <h2>{T.emptyTitle}</h2>
      {canWrite ? (
        <>
          <p>{T.emptyBody}</p>
          <Link to={newTemplatePath(boss)} className="site-button site-button-primary">
            {T.emptyAction}
          </Link>
        </>
      ) : (
        <p>{T.emptyReadOnly}</p>
      )}
    </div>
  );
}

function TemplateCard({
  template,
  teamId,
  canWrite,
  onDelete,
}: {
  template: TemplateSummary;
  teamId: string;
  canWrite: boolean;
  onDelete(): void;
}) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listKey = useTeamKey(...templatesKey);
  const draft = template.latest_version > template.published_version;
  const titleId = useId();
  const duplicate = useMutation({
    mutationFn: () => client.templates.duplicate(template.id),
    onSuccess: async (copy) => {
      notify.success(T.duplicated(copy.name));
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => notify.error(serviceMessage(error, T.duplicateFailed)),
  });
  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(template.id);
      notify.success(T.copiedId);
    } catch {
      notify.error(template.id);
    }
  };

  return (
    <li className="templates-card" aria-labelledby={titleId}>
      {/* For the pointer; keyboards reach the same page through the title's link (one tab stop per card). */}
      <Link to="/templates/$id" params={{ id: template.id }} className="templates-card-thumb" tabIndex={-1}>
        <TemplateThumbnail template={template} client={client} teamId={teamId} />
      </Link>
      <div className="templates-card-body">
        <h2 className="templates-card-title" id={titleId}>
          <Link to="/templates/$id" params={{ id: template.id }}>
            {template.name}
          </Link>
        </h2>
        <p className="templates-card-meta">
          <span className="templates-badge" data-state={draft ? 'draft' : 'published'}>
            {draft ? T.draft : T.published}
          </span>
          <span>
            {T.version} {template.latest_version} · {T.updated} {dateFormat.format(new Date(template.updated_at))}
          </span>
        </p>
        <p className="templates-card-hint">
          {draft
            ? T.draftHint(template.latest_version, template.published_version)
            : T.publishedHint(template.published_version)}
        </p>
        {boss ? (
          <p className="templates-card-id">
            <span>{T.templateId}</span> <code>{template.id}</code>
          </p>
        ) : null}
        <div className="templates-card-actions">
          {/* Named with the template (the visible word first), so that a list of links reads apart. */}
          <Link
            to="/templates/$id"
            params={{ id: template.id }}
            className="site-button site-button-secondary"
            aria-label={`${canWrite ? T.open : T.view} ${template.name}`}
          >
            {canWrite ? T.open : T.view}
          </Link>
          <Link
            to="/templates/$id/preview"
            params={{ id: template.id }}
            className="site-button site-button-ghost"
            aria-label={`${T.preview} ${template.name}`}
          >
            {T.preview}
          </Link>
          <Menu.Root>
            <Menu.Trigger
              className="site-button site-button-ghost templates-menu-trigger"
              aria-label={T.actionsFor(template.name)}
            >
              <span aria-hidden="true">⋯</span>
            </Menu.Trigger>
            {/* In place rather than portalled to <body>: inside the app's root, with its theme. */}
            <Menu.Content className="templates-menu" align="end" sideOffset={4}>
              {canWrite ? (
                <Menu.Item
                  className="templates-menu-item"
                  disabled={duplicate.isPending}
                  onSelect={() => duplicate.mutate()}
                >
                  {T.duplicate}
                </Menu.Item>
              ) : null}
              <Menu.Item className="templates-menu-item" onSelect={() => void copyId()}>
                {T.copyId}
              </Menu.Item>
              <Menu.Item
                className="templates-menu-item"
                onSelect={() => void navigate({ to: '/templates/$id/preview', params: { id: template.id } })}
              >
                {T.preview}
              </Menu.Item>
              {canWrite ? (
                <>
                  <Menu.Separator className="templates-menu-separator" />
                  <Menu.Item className="templates-menu-item" data-danger="" onSelect={onDelete}>
                    {T.delete}
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Content>
          </Menu.Root>
        </div>
      </div>
    </li>
  );
}

function DeleteDialog({ template, onClose }: { template: TemplateSummary; onClose(): void }) {
  const { client, team } = useWorkspace();
  const queryClient = useQueryClient();
  const listKey = useTeamKey(...templatesKey);
  const remove = useMutation({
    mutationFn: () => client.templates.delete(template.id),
    onSuccess: async () => {
      notify.success(T.deleted(template.name));
      void forgetThumbnail({ teamId: team.id, templateId: template.id });
      onClose();
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => notify.error(serviceMessage(error, T.deleteFailed)),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={T.deleteTitle(template.name)}
      description={T.deleteBody}
      footer={
        <>
          <button type="button" className="site-button site-button-ghost" onClick={onClose} disabled={remove.isPending}>
            {T.deleteCancel}
          </button>
          <button
            type="button"
            className="site-button templates-danger-button"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            {remove.isPending ? T.deleting : T.deleteConfirm}
          </button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
