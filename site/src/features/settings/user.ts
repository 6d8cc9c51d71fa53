import { quire } from '../../api/client';
import type { SessionUser } from '../../session/auth-api';

/** GET /v1/auth/user, handed to the session so that the sidebar and every screen show the change at once. */
export async function reloadUser(session: { userUpdated(user: SessionUser): void }): Promise<SessionUser> {
  const user = await quire.request<SessionUser>({ method: 'GET', path: '/v1/auth/user' });
  session.userUpdated(user);
  return user;
}
