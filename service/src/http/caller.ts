/** Who is calling: what authentication and the acting team leave in res.locals, read back by every feature. */
import { type PlanId, QuireError, type Role } from '@quire/core';
import type { RequestHandler, Response } from 'express';

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

/**
 * True when a program's credential authenticated the request, so that no person acts: an API key
 * (authenticateApiKey sets res.locals.apiKey = { id }) or an embed token (res.locals.embed, see embedOf).
 */
export function isApiKeyRequest(res: Response): boolean {
  return res.locals.apiKey !== undefined || res.locals.embed !== undefined;
}

/** What the embed token guard leaves in res.locals.embed for a request made with an embed token. */
export interface EmbedCaller {
  /** The token's record id (emb_…). */
  tokenId: string;
  /** The API key that minted it, or null when a person did. */
  apiKeyId: string | null;
  /** The person who minted it, or null when a key did. */
  userId: string | null;
  permissions: readonly string[];
  /** The templates it may see: those it was minted for and those it created. */
  templateIds: readonly string[];
  /** Records a template the token created, so that it joins the token's scope. */
  adopt(templateId: string): Promise<void>;
}

export function embedOf(res: Response): EmbedCaller | undefined {
  return res.locals.embed as EmbedCaller | undefined;
}

/**
 * Whether the caller may publish when a route publishes on its own (an AI turn that leaves no serious finding):
 * everyone but an embed token without the `publish` permission, whose saves stay drafts.
 */
export function mayPublish(res: Response): boolean {
  const embed = embedOf(res);
  return !embed || embed.permissions.includes('publish');
}

export function teamOf(res: Response): ActingTeam {
  const team = res.locals.team as ActingTeam | undefined;
  // A wiring mistake (a route without actingTeam), not a client error: it must fail loudly as a 500.
  if (!team) throw new Error('No acting team: mount actingTeam (or authenticateApiKey) before this handler');
  return team;
}

export const USER_ONLY_MESSAGE = 'This action needs a signed-in user; API keys cannot do it.';

/**
 * For routes that need a person (see the table in teams/index.ts): a request authenticated by an API key gets a
 * clean 403 forbidden rather than reaching userOf (401) or a handler that records who did what. Mount after
 * authenticate.
 */
export const requireSignedInUser: RequestHandler = (_req, res, next) => {
  if (isApiKeyRequest(res)) {
    throw new QuireError('forbidden', { message: USER_ONLY_MESSAGE, details: { reason: 'api_key_not_allowed' } });
  }
  next();
};
