import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { HEADER_LINKS, REGISTER, SIGN_IN } from '../content/navigation';
import { Logo } from './Logo';
import { NavItem } from './NavItem';
import { ThemeToggle } from './ThemeToggle';

/** The public header: logo, section links, theme toggle, Sign in and the register button; a menu on phones. */
export function SiteHeader() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // A new page closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on navigation, which pathname marks.
  useEffect(() => setMenuOpen(false), [pathname]);
  const registerLabel = pathname === '/developer' ? REGISTER.developerLabel : REGISTER.label;
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo />
        <nav className="site-nav" aria-label="Main">
          <ul>
            {HEADER_LINKS.map((link) => (
              <li key={link.label}>
                <NavItem link={link} className="site-nav-link" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header-actions">
          <ThemeToggle className="site-header-theme" />
          <Link to={SIGN_IN.to} className="site-button site-button-ghost site-header-signin">
            {SIGN_IN.label}
          </Link>
          <Link to={REGISTER.to} className="site-button site-button-primary site-header-register">
            {registerLabel}
          </Link>
          <button
            type="button"
            className="site-icon-button site-menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <nav id={menuId} className="site-mobile-nav" aria-label="Main (menu)" hidden={!menuOpen}>
        <ul>
          {HEADER_LINKS.map((link) => (
            <li key={link.label}>
              <NavItem link={link} className="site-nav-link" onNavigate={() => setMenuOpen(false)} />
            </li>
          ))}
          <li>
            <Link to={SIGN_IN.to} className="site-nav-link">
              {SIGN_IN.label}
            </Link>
          </li>
          {/* On the narrowest screens the toggle lives here, with its name showing. */}
          <li className="site-mobile-theme">
            <ThemeToggle withLabel />
          </li>
        </ul>
      </nav>
    </header>
  );
}
