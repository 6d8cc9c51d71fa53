import type { Permission } from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Audit } from '../audit/index';
import type { Config } from '../config';
import { type AuthenticatedUser, requireSignedInUser, userOf } from '../http/caller';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { actingTeamMiddleware, personalTeams, requirePermission } from './acting-team';
import { invitations } from './invitations';
import { memberRoutes, type OnMemberRemoved } from './members';
import { type Membership, openTeamCollections, type Team } from './model';
import { teamView } from './serialize';

export { requirePermission, TEAM_HEADER } from './acting-team';
export { INVITATION_TTL_MS } from './invitations';
export type { Invitation, Membership, Team } from './model';
export { openTeamCollections } from './model';

export interface TeamsDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  /**
   * Sets res.locals.user = { id, email } or refuses the request: the accounts module's requireUser, or (so that
   * API keys reach the routes a machine may use) api-keys' authenticateUserOrApiKey(requireUser, authenticateApiKey),
   * which for a `Bearer qk_…` token sets res.locals.team and res.locals.apiKey instead. See the table below.
   */
  authenticate: RequestHandler;
  /** Records invitations, joins, role changes and removals (the app always passes it). */
  audit?: Pick<Audit, 'record' | 'actorOf'>;
  /** After a member is removed: revokes the API keys they created in the team (the app passes api-keys' revoker). */
  onMemberRemoved?: OnMemberRemoved;
}

export interface Teams {
  /** Mount at /v1/team: the acting team, its members and invitations. */
  router: Router;
  /** Mount at /v1/teams: the teams the user belongs to. */
  teamsRouter: Router;
  /** Mount at /v1/invitations: POST /accept (the user is not a member yet, so no acting team). */
  invitationsRouter: Router;
  /**
   * After authenticate: resolves the Quire-Team header (or the personal team) into res.locals.team. When an API
   * key already set res.locals.team it keeps it, and refuses a Quire-Team header naming another team (403).
   */
  actingTeam: RequestHandler;
  /** After actingTeam (or authenticateApiKey): 403 forbidden unless the acting role has the permission. */
  requirePermission(permission: Permission): RequestHandler;
  ensurePersonalTeam(user: AuthenticatedUser): Promise<Team>;
}

/**
 * Teams, memberships, invitations and role enforcement. Opens its collections, so it is awaited at start-up.
 *
 * Who may call each route when `authenticate` also accepts API keys. A key acts for its own team with its own
 * role (the Quire-Team header may only repeat that team), and the role's permissions apply as for a member.
 * "person" routes answer a key with 403 forbidden, USER_ONLY_MESSAGE (requireSignedInUser), before the
 * permission check:
 *
 *   Route                                  | Key?   | Why
 *   ---------------------------------------|--------|-----------------------------------------------------
 *   GET    /v1/team                        | yes    | team:read; reading its own team is what a program needs
 *   GET    /v1/team/members                | yes    | team:read; e.g. syncing a directory, auditing seats
 *   POST   /v1/team/invitations            | person | the invitation is mailed in the inviter's name
 *   POST   /v1/team/invitations/:id/resend | person | as above, mailed again in the sender's name
 *   DELETE /v1/team/invitations/:id        | person | membership is managed by people (members:manage)
 *   PATCH  /v1/team/members/:userId        | person | changing roles: a key must not escalate anyone
 *   DELETE /v1/team/members/:userId        | person | removing members, as above
 *   GET    /v1/teams                       | person | "my teams" is about a user; a key has exactly one team
 *   POST   /v1/invitations/accept          | person | a user joins a team; a key is no one to join
 *   *      /v1/api-keys…                   | person | in api-keys: a key cannot mint, list or revoke keys
 */
export async function createTeams(deps: TeamsDeps): Promise<Teams> {
  const { store, authenticate, now } = deps;
  const collections = await openTeamCollections(store);
  const ensurePersonalTeam = personalTeams(collections, now);
  const actingTeam = actingTeamMiddleware(collections, ensurePersonalTeam);
  const { teamRoutes, acceptRoutes } = invitations({ ...collections, ...deps });

  const router = Router();
  router.use(authenticate, actingTeam);
  // Members show with their profile's name: the accounts module's users collection, read by id only.
  const people = await store.collection<{ id: string; full_name: string | null }>({ name: 'users', unique: ['email'] });
  const namesOf = async (ids: string[]) =>
    new Map((await people.find({ id: { $in: ids } })).map((person) => [person.id, person.full_name ?? null] as const));
  router.use(memberRoutes(collections, now, deps.audit, deps.onMemberRemoved, namesOf));
  router.use(teamRoutes);

  const teamsRouter = Router();
  teamsRouter.get('/', authenticate, requireSignedInUser, async (_req, res) => {
    const user = userOf(res);
    // Listing is a first use too: the personal team is always among the user's teams.
    await ensurePersonalTeam(user);
    const mine: Membership[] = await collections.memberships.find(
      { userId: user.id, status: 'active' },
      { sort: { field: 'joinedAt', direction: 1 } },
    );
    const data = [];
    for (const membership of mine) {
      const team = await collections.teams.get(membership.teamId);
      if (team) data.push(teamView(team, membership.role, user.id));
    }
    res.json({ object: 'list', data });
  });

  const invitationsRouter = Router();
  invitationsRouter.use(authenticate, acceptRoutes);

  return { router, teamsRouter, invitationsRouter, actingTeam, requirePermission, ensurePersonalTeam };
}
