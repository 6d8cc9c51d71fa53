import './team.css';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { quire } from '../../api/client';
import { ACCEPT_TEXT as T } from '../../content/team';
import { Loading } from '../../layout/Loading';
import { usePageTitle } from '../../layout/use-page-title';
import { useSession } from '../../session/use-session';
import { teamsQueryKey, useWorkspace, WorkspaceProvider } from '../../workspace';
import { AccountCard } from '../account/AccountCard';
import { notify, serviceMessage } from '../account/notify';

/**
 * /invitations/accept?token=…: where the invitation mail links. A visitor signs in (or creates an account with the
 * invited address) and comes back here through `redirect`; a signed-in person accepts, joins the team, and the app
 * then acts for that team. An expired or used link gets the service's message.
 */
export function AcceptInvitationPage({ token }: { token: string | undefined }) {
  usePageTitle(T.title);
  const state = useSession();
  if (!token) {
    return (
      <AccountCard title={T.title}>
        <p role="alert">{T.noToken}</p>
      </AccountCard>
    );
  }
  if (state.status === 'signed_in') {
    return (
      <WorkspaceProvider fallback={<Loading />}>
        <AcceptCard token={token} email={state.user.email} />
      </WorkspaceProvider>
    );
  }
  if (state.status !== 'signed_out') return <Loading />;
  const here = `/invitations/accept?token=${encodeURIComponent(token)}`;
  return (
    <AccountCard title={T.title} lead={T.lead}>
      <div className="team-accept-body">
        <p>{T.signedOut}</p>
        <div className="site-actions">
          <Link to="/login" search={{ redirect: here }} className="site-button site-button-primary">
            {T.signIn}
          </Link>
          <Link to="/register" search={{ redirect: here }} className="site-button site-button-secondary">
            {T.register}
          </Link>
        </div>
      </div>
    </AccountCard>
  );
}

function AcceptCard({ token, email }: { token: string; email: string }) {
  const { switchTeam } = useWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setFailure(null);
    try {
      const joined = await quire.team.invitations.accept(token);
      // The new team must be among the person's teams before the app is asked to act for it.
      await queryClient.invalidateQueries({ queryKey: teamsQueryKey });
      switchTeam(joined.team.id);
      notify.success(joined.message);
      await navigate({ to: '/team', replace: true });
    } catch (error) {
      setFailure(serviceMessage(error, T.failed));
      setBusy(false);
    }
  }

  return (
    <AccountCard title={T.title} lead={T.lead}>
      <div className="team-accept-body">
        <p>{T.signedInAs(email)}</p>
        {failure ? (
          <div role="alert" className="team-alert">
            <p>{failure}</p>
          </div>
        ) : null}
        <div className="site-actions">
          <button type="button" className="site-button site-button-primary" onClick={accept} disabled={busy}>
            {busy ? T.accepting : T.accept}
          </button>
          {failure ? (
            <Link to="/dashboard" className="site-button site-button-secondary">
              {T.toDashboard}
            </Link>
          ) : null}
        </div>
      </div>
    </AccountCard>
  );
}
