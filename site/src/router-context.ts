import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from './session/session-manager';

/**
 * What every route's `beforeLoad` and `loader` receive. The session code adds the signed-in person here (the
 * guard of the authenticated layout reads it).
 */
export interface RouterContext {
  queryClient: QueryClient;
  /** The browser's session (src/session/): the guard of the signed-in pages awaits it. */
  session: SessionManager;
}
