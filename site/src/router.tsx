import { createRouter } from '@tanstack/react-router';
import { queryClient } from './api/query-client';
import type { LandingSection } from './content/navigation';
import { Loading } from './layout/Loading';
import { routeTree } from './routeTree.gen';
import { session } from './session';

export const router = createRouter({
  routeTree,
  context: { queryClient, session },
  // Each route's code is its own chunk (autoCodeSplitting): while it loads, the seed's "Loading...".
  defaultPendingComponent: Loading,
  defaultPendingMs: 300,
  defaultPreload: 'intent',
  // Loaders read through the query cache, which decides freshness itself.
  defaultPreloadStaleTime: 0,
  // A new page starts at its top (the seed's "scrolls to top on navigation").
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface HistoryState {
    /** A landing section to scroll to once the page shows (seed section 2). */
    scrollTo?: LandingSection;
  }
}
