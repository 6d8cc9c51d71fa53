import { usePageTitle } from '../../layout/use-page-title';
import { useSession } from '../../session/use-session';

/** /dashboard until the dashboard's own screen lands: who is signed in (Logout is in the sidebar). */
export function DashboardPlaceholder() {
  usePageTitle('Dashboard');
  const state = useSession();
  if (state.status !== 'signed_in') return null;
  const { user } = state;
  const name = user.user_metadata.full_name || user.email;
  return (
    <section className="account-dashboard">
      <h1>Dashboard</h1>
      <p className="account-lead">
        Signed in as <strong>{name}</strong>
      </p>
    </section>
  );
}
