import { Link, useLocation } from '@tanstack/react-router';
import type { NavLink } from '../content/navigation';

/** The landing page a section link scrolls on: the one the visitor is on, else /home. */
export function useLandingPath(): '/home' | '/developer' {
  const pathname = useLocation({ select: (location) => location.pathname });
  return pathname === '/developer' ? '/developer' : '/home';
}

interface NavItemProps {
  link: NavLink;
  className?: string;
  onNavigate?: () => void;
}

/** One link of the header or footer, whatever it points at: a section, a page, the service, another site. */
export function NavItem({ link, className, onNavigate }: NavItemProps) {
  const landing = useLandingPath();
  switch (link.kind) {
    case 'section':
      return (
        <Link
          to={landing}
          state={{ scrollTo: link.section }}
          // The landing page scrolls to the section itself; the router's reset to the top would undo it.
          resetScroll={false}
          className={className}
          onClick={onNavigate}
          activeOptions={{ exact: true, includeHash: false }}
        >
          {link.label}
        </Link>
      );
    case 'page':
      return (
        <Link to={link.to} className={className} onClick={onNavigate}>
          {link.label}
        </Link>
      );
    case 'service':
      // Served by the service, not by the app's router: a full page load.
      return (
        <a href={link.href} className={className} onClick={onNavigate}>
          {link.label}
        </a>
      );
    case 'external':
      return (
        <a href={link.href} className={className} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          {link.label}
          <span className="site-visually-hidden"> (opens in a new tab)</span>
        </a>
      );
  }
}
