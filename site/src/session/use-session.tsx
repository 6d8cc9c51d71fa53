import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { SessionUser } from './auth-api';
import type { SessionManager, SessionState } from './session-manager';

const SessionContext = createContext<SessionManager | null>(null);

/** Hands the session to the screens below (the app's root gives the browser's one session; tests their own). */
export function SessionProvider({ manager, children }: { manager: SessionManager; children: ReactNode }) {
  return <SessionContext.Provider value={manager}>{children}</SessionContext.Provider>;
}

export function useSessionManager(): SessionManager {
  const manager = useContext(SessionContext);
  if (!manager) throw new Error('useSessionManager needs a <SessionProvider> above it');
  return manager;
}

/** The session's state, re-rendering on every change (sign-in, refresh, sign-out, another tab). */
export function useSession(): SessionState {
  const manager = useSessionManager();
  return useSyncExternalStore(manager.subscribe, manager.getState, manager.getState);
}

/** The signed-in person, or null. */
export function useSignedInUser(): SessionUser | null {
  const state = useSession();
  return state.status === 'signed_in' ? state.user : null;
}
