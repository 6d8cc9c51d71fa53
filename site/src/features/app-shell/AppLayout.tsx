import './app-shell.css';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { APP_NAVIGATION, APP_SHELL_TEXT as T } from '../../content/app-navigation';
import { Loading } from '../../layout/Loading';
import { Logo } from '../../layout/Logo';
import { ThemeToggle } from '../../layout/ThemeToggle';
import { useSession, useSessionManager } from '../../session/use-session';
import { WorkspaceProvider } from '../../workspace/team';
import { ACCOUNT_MESSAGES as M } from '../account/messages';
import { notify, serviceMessage } from '../account/notify';
import { ModeSwitch } from './ModeSwitch';
import { TeamSwitcher } from './TeamSwitcher';

/**
 * The signed-in app: the sidebar (logo, who is signed in, theme, Easy/Boss Mode, the team switcher, Logout, the
 * nine sections) and the screen. The route's guard let only a signed-in person in; if the session ends while they
 * are here (signed out in another tab, or revoked), they go to sign in and come back here after.
 * `children` replace the routed screen, for a route outside the guarded layout that shows a signed-in person the app
 * (/templates/new, which visitors see as the public builder).
 */
export function AppLayout({ children }: { children?: ReactNode } = {}) {
  const state = useSession();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const pathname = useLocation({ select: (location) => location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const endedUnderUs = state.status === 'signed_out' && !state.byThisTab;
  // Once: this layout stays on screen while the router leaves it, and the location it sees then is /login's.
  const sent = useRef(false);
  useEffect(() => {
    if (!endedUnderUs || sent.current) return;
    sent.current = true;
    void navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [endedUnderUs, navigate, href]);
  // A phone's menu closes once a section is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the event.
  useEffect(() => setMenuOpen(false), [pathname]);

  if (state.status !== 'signed_in') return <Loading />;
  const { user } = state;
  const name = user.user_metadata.full_name || user.email;

  return (
    <div className="app-frame">
      <a href="#main" className="site-skip-link">
        Skip to content
      </a>
      <header className="app-topbar">
        <Logo />
        <button
          type="button"
          className="site-button site-button-secondary"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {T.menu}
        </button>
      </header>
      <WorkspaceProvider fallback={<Loading />}>
        <aside id="app-sidebar" className="app-sidebar" data-open={menuOpen}>
          <div className="app-sidebar-logo">
            <Logo />
          </div>
          <div className="app-identity">
            <strong className="app-identity-name">{name}</strong>
            <span className="app-identity-email">{user.email}</span>
          </div>
          <div className="app-sidebar-controls">
            <ThemeToggle />
            <ModeSwitch />
          </div>
          <TeamSwitcher />
          <nav aria-label={T.navigation} className="app-nav">
            <ul>
              {APP_NAVIGATION.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="app-nav-link" activeProps={{ 'aria-current': 'page' }}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LogoutButton />
        </aside>
        <main id="main" className="app-main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </WorkspaceProvider>
    </div>
  );
}

/** Sign-out ends every session of the person (the seed's scope=global) and treats 401, 403 and 404 as done. */
function LogoutButton() {
  const session = useSessionManager();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
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
    <button type="button" className="site-button site-button-secondary app-logout" onClick={logOut} disabled={busy}>
      {busy ? 'Logging out…' : T.logout}
    </button>
  );
}
