import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header, the page, footer: every public page, the account screens and the 404 page. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="site-public">
      <a href="#main" className="site-skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}
