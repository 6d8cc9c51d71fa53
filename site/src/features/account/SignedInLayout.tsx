import './account.css';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Logo } from '../../layout/Logo';
import { ThemeToggle } from '../../layout/ThemeToggle';
import { useSession } from '../../session/use-session';

/**
 * The frame of the signed-in area until the dashboard's own (sidebar and all) arrives: the logo, the theme toggle
 * and the page. The route's guard let only a signed-in person in; if the session ends while they are here
 * (signed out in another tab, or revoked), they go to sign in, and come back here after.
 */
export function SignedInLayout() {
  const state = useSession();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const endedUnderUs = state.status === 'signed_out' && !state.byThisTab;
  // Once: this layout stays on screen while the router leaves it, and the location it sees then is /login's.
  const sent = useRef(false);
  useEffect(() => {
    if (!endedUnderUs || sent.current) return;
    sent.current = true;
    void navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [endedUnderUs, navigate, href]);
  return (
    <div className="site-public">
      <a href="#main" className="site-skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Logo />
          <div className="site-header-actions">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
