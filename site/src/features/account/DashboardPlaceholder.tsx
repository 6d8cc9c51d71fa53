import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { useSession, useSessionManager } from '../../session/use-session';
import { ACCOUNT_MESSAGES as M } from './messages';
import { notify, serviceMessage } from './notify';

/**
 * /dashboard until the dashboard is built: who is signed in, and Logout. Sign-out ends every session of the
 * person (the seed's scope=global) and treats 401, 403 and 404 as done.
 */
export function DashboardPlaceholder() {
  usePageTitle('Dashboard');
  const state = useSession();
  const session = useSessionManager();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (state.status !== 'signed_in') return null;
  const { user } = state;
  const name = user.user_metadata.full_name || user.email;

  async function logOut() {
    setBusy(true);
    try {
      await session.signOut();
      notify.success(M.logoutSucceeded);
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      notify.error(serviceMessage(error, M.logoutFailed));
      setBusy(false);
    }
  }

  return (
    <section className="account-page account-dashboard">
      <div className="account-card account-card-wide">
        <h1>Dashboard</h1>
        <p className="account-lead">
          Signed in as <strong>{name}</strong>
        </p>
        <p className="account-identity">{user.email}</p>
        <button type="button" className="site-button site-button-secondary" onClick={logOut} disabled={busy}>
          {busy ? 'Logging out…' : 'Logout'}
        </button>
      </div>
    </section>
  );
}
