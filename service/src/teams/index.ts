import type { Permission } from '@quire/core';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Store } from '../store/port';
import { actingTeamMiddleware, personalTeams, requirePermission } from './acting-team';
import { type AuthenticatedUser, userOf } from './context';
import { invitations } from './invitations';
import { memberRoutes } from './members';
import { type Membership, openTeamCollections, type Team } from './model';
import { teamView } from './serialize';

export { requirePermission, TEAM_HEADER } from './acting-team';
export { type ActingTeam, type AuthenticatedUser, teamOf, userOf } from './context';
export { INVITATION_TTL_MS } from './invitations';
export type { Invitation, Membership, Team } from './model';
export { openTeamCollections } from './model';

export interface TeamsDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** The accounts module's requireUser: sets res.locals.user = { id, email } or refuses the request. */
  authenticate: RequestHandler;
}

export interface Teams {
  /** Mount at /v1/team: the acting team, its members and invitations. */
  router: Router;
  /** Mount at /v1/teams: the teams the user belongs to. */
  teamsRouter: Router;
  /** Mount at /v1/invitations: POST /accept (the user is not a member yet, so no acting team). */
  invitationsRouter: Router;
  /** After authenticate: resolves the Quire-Team header (or the personal team) into res.locals.team. */
  actingTeam: RequestHandler;
  /** After actingTeam (or authenticateApiKey): 403 forbidden unless the acting role has the permission. */
  requirePermission(permission: Permission): RequestHandler;
  ensurePersonalTeam(user: AuthenticatedUser): Promise<Team>;
}

/** Teams, memberships, invitations and role enforcement. Opens its collections, so it is awaited at start-up. */
export async function createTeams(deps: TeamsDeps): Promise<Teams> {
  const { store, authenticate, now } = deps;
  const collections = await openTeamCollections(store);
  const ensurePersonalTeam = personalTeams(collections, now);
  const actingTeam = actingTeamMiddleware(collections, ensurePersonalTeam);
  const { teamRoutes, acceptRoutes } = invitations({ ...collections, ...deps });

  const router = Router();
  router.use(authenticate, actingTeam);
  router.use(memberRoutes(collections, now));
  router.use(teamRoutes);

  const teamsRouter = Router();
  teamsRouter.get('/', authenticate, async (_req, res) => {
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
