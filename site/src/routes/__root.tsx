import { QuireRoot } from '@quire/react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ErrorPage } from '../layout/ErrorPage';
import type { RouterContext } from '../router-context';
import { useSiteTheme } from '../theme/use-theme';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

/** The whole app draws inside one Quire root: the builder's theme variables, light or dark, everywhere. */
function Root() {
  const { preference } = useSiteTheme();
  return (
    <QuireRoot theme={preference} className="site-root">
      <Outlet />
    </QuireRoot>
  );
}
