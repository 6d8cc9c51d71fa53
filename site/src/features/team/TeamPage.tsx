import './team.css';
import { ROLE_DESCRIPTIONS } from '@quire/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { TEAM_MESSAGES as M, TEAM_TEXT as T } from '../../content/team';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { useSignedInUser } from '../../session/use-session';
import { ApiSnippet, useBossMode, useWorkspace } from '../../workspace';
import { notify } from '../account/notify';
import { AuditLog } from './AuditLog';
import { failureOf } from './errors';
import { InviteDialog } from './InviteDialog';
import { MemberActions } from './MemberActions';
import { type InvitationRow, type TeamRow, useRefreshTeam, useSeats, useTeamMembers } from './team-data';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function matches(row: TeamRow, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const name = row.object === 'member' ? (row.name ?? '') : '';
  return [name, row.email, row.role, ROLE_DESCRIPTIONS[row.role].label].some((text) => text.toLowerCase().includes(q));
}

/**
 * /team: the team's members and invitations from the service (seed section 2 "Team page", on real data), the
 * plan's seats, the invite dialog and each member's menu for owners and admins, and the audit log for them.
 */
export function TeamPage() {
  usePageTitle(T.title);
  const { team, can } = useWorkspace();
  const boss = useBossMode();
  const me = useSignedInUser()?.id ?? null;
  const members = useTeamMembers();
  const seats = useSeats(members.data);
  const [query, setQuery] = useState('');
  const [inviting, setInviting] = useState(false);
  const manage = can('members:manage');
  const searchId = useId();
  const seatsNoteId = useId();
  const headingId = useId();

  if (members.isPending) return <Loading />;
  if (members.isError) {
    return (
      <section>
        <h1>{T.title}</h1>
        <p role="alert" className="team-error">
          {failureOf(members.error, T.loadFailed, boss).message}
        </p>
      </section>
    );
  }
  const rows = members.data.filter((row) => matches(row, query));

  return (
    <section className="team-page">
      <header className="app-page-header">
        <div>
          <h1>{T.title}</h1>
          <p className="team-muted team-lead">
            {T.lead} <span className="team-team-name">{team.name}</span>
          </p>
        </div>
        {manage ? (
          <button
            type="button"
            className="site-button site-button-primary"
            onClick={() => setInviting(true)}
            disabled={seats?.full ?? true}
            aria-describedby={seatsNoteId}
          >
            {T.invite}
          </button>
        ) : null}
      </header>

      {seats ? (
        <div className="app-card team-seats" id={seatsNoteId}>
          <p className="team-seats-count">
            <strong>{T.seats(seats.used, seats.limit)}</strong>
          </p>
          <meter min={0} max={seats.limit} value={seats.used} aria-label={T.seats(seats.used, seats.limit)} />
          {seats.full && manage ? (
            <p className="team-warning">
              {T.seatsFull(seats.planName, seats.limit)}{' '}
              {can('billing:manage') ? <Link to="/subscription">{T.upgrade}</Link> : null}
            </p>
          ) : (
            <p className="team-muted">{T.seatsNote}</p>
          )}
        </div>
      ) : null}

      <section className="app-card team-section" aria-labelledby={headingId}>
        <div className="team-section-head">
          <h2 id={headingId}>{T.members}</h2>
          <div className="team-search">
            <label htmlFor={searchId}>{T.search}</label>
            <input
              id={searchId}
              type="search"
              value={query}
              placeholder={T.searchPlaceholder}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        {rows.length === 0 ? (
          <p className="team-empty" role="status">
            {T.noMatch}
          </p>
        ) : (
          <div className="team-table-wrap">
            <table className="team-table">
              <thead>
                <tr>
                  <th scope="col">{T.member}</th>
                  <th scope="col">{T.role}</th>
                  <th scope="col">{T.status}</th>
                  <th scope="col">{T.joined}</th>
                  {manage ? (
                    <th scope="col">
                      <span className="site-visually-hidden">{T.actions}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) =>
                  row.object === 'member' ? (
                    <tr key={row.user_id} data-email={row.email}>
                      <td data-label={T.member} className="team-break">
                        <span className="team-person">
                          <span className="team-person-name">
                            {row.name ?? row.email}
                            {row.user_id === me ? <span className="team-badge">{T.you}</span> : null}
                          </span>
                          {row.name ? <span className="team-muted team-person-email">{row.email}</span> : null}
                        </span>
                      </td>
                      <td data-label={T.role}>
                        <span title={ROLE_DESCRIPTIONS[row.role].description}>{ROLE_DESCRIPTIONS[row.role].label}</span>
                      </td>
                      <td data-label={T.status}>
                        <span className="team-status team-status-active">{T.active}</span>
                      </td>
                      <td data-label={T.joined}>
                        <time dateTime={row.joined_at}>{day(row.joined_at)}</time>
                      </td>
                      {manage ? (
                        <td className="team-actions-cell">
                          {row.role === 'owner' ? (
                            <span className="team-muted team-owner-note" title={T.ownerNote}>
                              {ROLE_DESCRIPTIONS.owner.label}
                            </span>
                          ) : (
                            <MemberActions member={row} isSelf={row.user_id === me} />
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ) : (
                    <InvitationTableRow key={row.id} invitation={row} manage={manage} />
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {manage ? (
        <ApiSnippet
          title="Invite with the API"
          action={{
            method: 'POST',
            path: '/v1/team/invitations',
            body: { email: 'colleague@example.com', role: 'member' },
            client: `const { invitation } = await quire.team.invitations.create({ email: 'colleague@example.com', role: 'member' });`,
          }}
        />
      ) : (
        <ApiSnippet
          title="List the members with the API"
          action={{
            method: 'GET',
            path: '/v1/team/members',
            client: 'const { data } = await quire.team.members.list();',
          }}
        />
      )}

      {can('audit:read') ? <AuditLog rows={members.data} /> : null}
      {manage ? <InviteDialog open={inviting} onOpenChange={setInviting} /> : null}
    </section>
  );
}

/** A pending invitation: who, which role, until when; resend (a fresh link) and revoke for those who manage. */
function InvitationTableRow({ invitation, manage }: { invitation: InvitationRow; manage: boolean }) {
  const { client } = useWorkspace();
  const boss = useBossMode();
  const refresh = useRefreshTeam();
  const done = async (message: string) => {
    notify.success(message);
    await refresh();
  };
  const fail = (error: unknown) => {
    const failure = failureOf(error, M.failed, boss);
    notify.error(failure.message, failure.detail);
  };
  const resend = useMutation({
    mutationFn: () => client.team.invitations.resend(invitation.id),
    onSuccess: (answer) => done(answer.message),
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: () => client.team.invitations.revoke(invitation.id),
    onSuccess: (answer) => done(answer.message),
    onError: fail,
  });
  const expired = invitation.status === 'expired';
  return (
    <tr data-email={invitation.email}>
      <td data-label={T.member} className="team-break">
        {invitation.email}
      </td>
      <td data-label={T.role}>{ROLE_DESCRIPTIONS[invitation.role].label}</td>
      <td data-label={T.status}>
        <span className={`team-status ${expired ? 'team-status-expired' : 'team-status-pending'}`}>
          {expired ? T.expired : T.pending}
        </span>
      </td>
      {/* No column name on phones: "Expires …" says what the date is. */}
      <td>
        <span className="team-muted">{T.expires(day(invitation.expires_at))}</span>
      </td>
      {manage ? (
        <td className="team-actions-cell">
          <div className="team-row-buttons">
            <button
              type="button"
              className="site-button site-button-secondary team-small-button"
              disabled={resend.isPending || revoke.isPending}
              onClick={() => resend.mutate()}
              aria-label={`${T.resend} the invitation to ${invitation.email}`}
            >
              {T.resend}
            </button>
            <button
              type="button"
              className="site-button site-button-ghost team-small-button"
              disabled={resend.isPending || revoke.isPending}
              onClick={() => revoke.mutate()}
              aria-label={`${T.revoke} the invitation to ${invitation.email}`}
            >
              {T.revoke}
            </button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
