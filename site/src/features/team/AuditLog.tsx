import type { Quire } from '@quire/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TEAM_TEXT as T } from '../../content/team';
import { ApiSnippet, useBossMode, useTeamKey, useWorkspace } from '../../workspace';
import type { TeamRow } from './team-data';

type AuditEntry = Awaited<ReturnType<Quire['auditLog']['list']>>['data'][number];

export const AUDIT_PAGE_SIZE = 10;

/** The actions the service records, in words (anything new shows as the service names it). */
const ACTIONS: Record<string, string> = {
  'member.invited': 'Invited a member',
  'member.joined': 'Joined the team',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'invitation.revoked': 'Revoked an invitation',
  'plan.changed': 'Changed the plan',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function details(entry: AuditEntry): string {
  return Object.entries(entry.details)
    .filter(([, value]) => value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key.replaceAll('_', ' ')}: ${String(value)}`)
    .join(', ');
}

/**
 * The team's audit log for owners and admins (audit:read): newest first, ten at a time, page by page with the
 * service's cursor. People show by their name (else email) while they are in the team.
 */
export function AuditLog({ rows }: { rows: TeamRow[] }) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const headingId = useId();
  // The cursors of the pages seen: the last one is the page on screen (null: the newest).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useQuery({
    queryKey: useTeamKey('audit-log', cursor),
    queryFn: async () => {
      const result = await client.auditLog.list({
        limit: AUDIT_PAGE_SIZE,
        ...(cursor ? { starting_after: cursor } : {}),
      });
      return { data: result.data, next: result.hasNextPage() ? result.next_cursor : null };
    },
    placeholderData: keepPreviousData,
  });
  const people = new Map(
    rows.flatMap((row) => (row.object === 'member' ? [[row.user_id, row.name ?? row.email] as const] : [])),
  );
  // Someone who has left the team is no longer among its members: Boss Mode still shows their id.
  const actor = (entry: AuditEntry) => {
    if (entry.actor.type === 'api_key') return `${T.auditApiKey} ${entry.actor.id}`;
    return people.get(entry.actor.id) ?? (boss ? `${T.formerMember} (${entry.actor.id})` : T.formerMember);
  };

  return (
    <section className="app-card team-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.audit}</h2>
      <p className="team-muted">{T.auditLead}</p>
      {page.data && page.data.data.length === 0 ? <p>{T.auditEmpty}</p> : null}
      {page.data && page.data.data.length > 0 ? (
        <div className="team-table-wrap">
          <table className="team-table team-audit">
            <thead>
              <tr>
                <th scope="col">{T.auditWhen}</th>
                <th scope="col">{T.auditAction}</th>
                <th scope="col">{T.auditBy}</th>
                <th scope="col">{T.auditDetails}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={T.auditWhen}>
                    <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
                  </td>
                  <td data-label={T.auditAction}>
                    {ACTIONS[entry.action] ?? entry.action}
                    {boss ? <code className="team-code"> {entry.action}</code> : null}
                  </td>
                  <td data-label={T.auditBy} className="team-break">
                    {actor(entry)}
                  </td>
                  <td data-label={T.auditDetails} className="team-break">
                    {details(entry)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page.isError ? (
        <p role="alert" className="team-error">
          {page.error.message}
        </p>
      ) : null}
      <div className="team-pager">
        {cursors.length > 1 ? (
          <button type="button" className="site-button site-button-secondary" onClick={() => setCursors([null])}>
            {T.newer}
          </button>
        ) : null}
        {page.data?.next ? (
          <button
            type="button"
            className="site-button site-button-secondary"
            disabled={page.isFetching}
            onClick={() => {
              const next = page.data?.next;
              if (next) setCursors((seen) => [...seen, next]);
            }}
          >
            {T.older}
          </button>
        ) : null}
      </div>
      <ApiSnippet
        title="Read the audit log with the API"
        action={{
          method: 'GET',
          path: `/v1/audit-log?limit=${AUDIT_PAGE_SIZE}`,
          client: `const page = await quire.auditLog.list({ limit: ${AUDIT_PAGE_SIZE} });`,
        }}
      />
    </section>
  );
}
