import { type PlanId, QuireError, type Role } from '@quire/core';
import type { Response } from 'express';

/** What the accounts module's authenticate middleware leaves in res.locals.user. */
export interface AuthenticatedUser {
  id: string;
  email: string;
}

/** The team a request acts for, set by actingTeam (a user) or authenticateApiKey (a key). */
export interface ActingTeam {
  id: string;
  name: string;
  plan: PlanId;
  role: Role;
}

export function userOf(res: Response): AuthenticatedUser {
  const user = res.locals.user as Partial<AuthenticatedUser> | undefined;
  // Reaching a user route without a user means authenticate was not mounted: answer as unauthenticated.
  if (typeof user?.id !== 'string' || typeof user.email !== 'string') throw new QuireError('session_missing');
  return { id: user.id, email: user.email };
}

/** True when an API key authenticated the request (authenticateApiKey sets res.locals.apiKey = { id }). */
export function isApiKeyRequest(res: Response): boolean {
  return res.locals.apiKey !== undefined;
}

export function teamOf(res: Response): ActingTeam {
  const team = res.locals.team as ActingTeam | undefined;
  // A wiring mistake (a route without actingTeam), not a client error: it must fail loudly as a 500.
  if (!team) throw new Error('No acting team: mount actingTeam (or authenticateApiKey) before this handler');
  return team;
}
