import { Link } from '@tanstack/react-router';
import { BETA_TAG, PRODUCT_NAME } from '../content/navigation';

/** The logo with its "beta" tag; a link home. */
export function Logo() {
  return (
    // The link's name is what it shows ("Quire beta"), then where it goes, for screen readers.
    <Link to="/home" className="site-logo">
      <svg className="site-logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="4" y="3" width="20" height="26" rx="3" fill="currentColor" opacity="0.18" />
        <rect x="8" y="7" width="20" height="22" rx="3" fill="currentColor" />
        <path d="M12 13h12M12 17h12M12 21h7" stroke="var(--quire-bg)" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="site-logo-name">{PRODUCT_NAME}</span>
      <span className="site-beta">{BETA_TAG}</span>
      <span className="site-visually-hidden">, home</span>
    </Link>
  );
}
