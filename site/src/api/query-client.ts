import { QueryClient } from '@tanstack/react-query';

/**
 * The site's one query cache, also handed to the router's context so that loaders can `ensureQueryData`.
 * Catalogue data (plans, starters) changes with a deploy, not while a page is open.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
