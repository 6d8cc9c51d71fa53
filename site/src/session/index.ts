// The browser's one session (see session-manager.ts): created on first import, restored from the cookie, and the
// source of every API call's token.
import { serviceOrigin, setTokenSource } from '../api/client';
import { createAuthApi } from './auth-api';
import { localStorageHint, tabChannel } from './browser';
import { createSessionManager } from './session-manager';

export type { MfaChallenge, SessionUser } from './auth-api';
export type { SessionManager, SessionState, SignInResult } from './session-manager';
export { SessionProvider, useSession, useSessionManager, useSignedInUser } from './use-session';

export const session = createSessionManager({
  api: createAuthApi({ baseUrl: serviceOrigin() }),
  hint: localStorageHint(),
  channel: tabChannel(),
  visibility: typeof document === 'undefined' ? null : document,
});

setTokenSource(() => session.getAccessToken());
void session.ready();
