import { FOOTER_GROUPS, FOOTER_TAGLINE, PRODUCT_NAME, SOCIAL_LINKS } from '../content/navigation';
import { Logo } from './Logo';
import { NavItem } from './NavItem';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-brand">
          <Logo />
          <p>{FOOTER_TAGLINE}</p>
          <ul className="site-social" aria-label="Elsewhere">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <NavItem link={link} className="site-footer-link" />
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} className="site-footer-group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <NavItem link={link} className="site-footer-link" />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer-note">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Open source under the MIT license.
      </p>
    </footer>
  );
}
