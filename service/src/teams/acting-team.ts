import { assertCan, DEFAULT_PLAN_ID, type Permission, QuireError } from '@quire/core';
import type { RequestHandler } from 'express';
import { newId } from '../crypto/ids';
import { type ActingTeam, type AuthenticatedUser, teamOf, userOf } from '../http/caller';
import { DuplicateKeyError } from '../store/port';
import { type Membership, membershipId, TEAM_ID, type Team, type TeamCollections } from './model';

export const TEAM_HEADER = 'Quire-Team';

/** Every user owns one personal team, created on first use; concurrent first uses end with the same team. */
export function personalTeams({ teams, memberships }: TeamCollections, now: () => Date) {
  return async function ensurePersonalTeam(user: AuthenticatedUser): Promise<Team> {
    let team = await teams.findOne({ personalOwnerId: user.id });
    if (!team) {
      try {
        team = await teams.insert({
          id: newId('team'),
          name: 'Personal team',
          plan: DEFAULT_PLAN_ID,
          personalOwnerId: user.id,
          createdAt: now().toISOString(),
        });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        team = await teams.findOne({ personalOwnerId: user.id });
        if (!team) throw error;
      }
    }
    // Checked every time rather than only after creating the team: a crash between the two writes heals here.
    const id = membershipId(team.id, user.id);
    if (!(await memberships.get(id))) {
      const owner: Membership = {
        id,
        teamId: team.id,
        userId: user.id,
        email: user.email.toLowerCase(),
        role: 'owner',
        status: 'active',
        joinedAt: now().toISOString(),
      };
      await memberships.insert(owner).catch((error) => {
        if (!(error instanceof DuplicateKeyError)) throw error;
      });
    }
    return team;
  };
}

/**
 * Resolves the team a request acts for: the Quire-Team header, else the user's personal team. A team the user
 * is not in answers 404 like a team that does not exist, so team ids cannot be probed.
 *
 * A credential that already fixed the team (authenticateApiKey: the key's own team, with the key's role) is kept
 * as it is: a key acts only for its own team, so a Quire-Team header naming any other team is 403 forbidden
 * (not 404: the key's holder asked for something the key can never do, and learns nothing about other teams).
 */
export function actingTeamMiddleware(
  { teams, memberships }: TeamCollections,
  ensurePersonalTeam: (user: AuthenticatedUser) => Promise<Team>,
): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(TEAM_HEADER)?.trim();
    const fixed = res.locals.team as ActingTeam | undefined;
    if (fixed) {
      if (header && header !== fixed.id) {
        throw new QuireError('forbidden', {
          message: `An API key acts only for its own team; drop the ${TEAM_HEADER} header or send the key's team id.`,
          param: TEAM_HEADER,
        });
      }
      next();
      return;
    }
    const user = userOf(res);
    let team: Team | undefined;
    if (header) {
      team = TEAM_ID.test(header) ? await teams.get(header) : undefined;
    } else {
      team = await ensurePersonalTeam(user);
    }
    const membership = team ? await memberships.get(membershipId(team.id, user.id)) : undefined;
    if (!team || !membership) throw new QuireError('not_found', { message: 'No such team.', param: TEAM_HEADER });
    if (membership.status !== 'active') {
      throw new QuireError('forbidden', { message: 'Your membership of this team is not active.' });
    }
    const acting: ActingTeam = { id: team.id, name: team.name, plan: team.plan, role: membership.role };
    res.locals.team = acting;
    next();
  };
}

/** 403 forbidden unless the acting role has the permission (core's ROLE_PERMISSIONS decides). */
export function requirePermission(permission: Permission): RequestHandler {
  return (_req, res, next) => {
    assertCan(teamOf(res).role, permission);
    next();
  };
}
