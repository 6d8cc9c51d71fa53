import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PlanId, QuireError, type Role } from '@quire/core';
import type { RequestHandler } from 'express';
import { startFeatureApp } from '../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../api-keys/index';
import { teamOf } from '../../http/caller';
import { listRoutes, type RouteInfo } from '../../http/routes';
import type { Store } from '../../store/port';
import { createTeams, openTeamCollections } from '../index';
import { membershipId } from '../model';

/**
 * Stand-in for the accounts module at the boundary between modules: the real requireUser verifies a session
 * and sets res.locals.user = { id, email }; this one takes both from two test headers. Tests only.
 */
export const testHeaderIdentity: RequestHandler = (req, res, next) => {
  const id = req.get('X-Test-User');
  const email = req.get('X-Test-Email');
  if (!id || !email) throw new QuireError('session_missing');
  res.locals.user = { id, email };
  next();
};

export interface TestUser {
  id: string;
  email: string;
}

export interface OutboxMail {
  to: string;
  subject: string;
  kind: string;
  links: Record<string, string>;
}

export interface TeamsApp {
  url: string;
  store: Store;
  publicUrl: string;
  clock: { offsetMs: number };
  /** Every route the app answers, read from Express (the permission matrix checks it covers them all). */
  routes: RouteInfo[];
  /** Fetch as a user (through the test identity headers), optionally acting for a team. */
  as(user: TestUser, path: string, init?: { method?: string; body?: unknown; team?: string }): Promise<Response>;
  /** Fetch as a program: `Authorization: Bearer <secret>`, no user headers, optionally with a Quire-Team header. */
  withKey(secret: string, path: string, init?: { method?: string; body?: unknown; team?: string }): Promise<Response>;
  /** Billing is another module: tests give a team a plan by writing the store. */
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** Puts a user in a team with a role directly (the invitation path has its own tests). */
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  outboxMails(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

let users = 0;
/** A fresh user for one test: ids and addresses never collide between tests sharing an app. */
export function newUser(name: string): TestUser {
  users += 1;
  return { id: `usr_${name}${users}`, email: `${name}${users}@example.com` };
}

/**
 * The teams and API-key routers on the real embedded store and the real outbox mailer, on loopback, with
 * GET /v1/probe/api-key behind authenticateApiKey + requirePermission('reports:create') to see what a key gets.
 * Wired as app.ts is: the key authenticator is built first and combined with the user identity.
 */
export async function startTeamsApp(): Promise<TeamsApp> {
  const feature = await startFeatureApp({
    name: 'teams',
    env: { QUIRE_SECRET: 'teams-test-secret-0123456789abcdef0123' },
    async mount(app, { store, mailer, config, logger, now }) {
      const authenticate = authenticateUserOrApiKey(
        testHeaderIdentity,
        await createApiKeyAuthenticator({ store, now }),
      );
      const teams = await createTeams({ store, mailer, config, logger, now, authenticate });
      const apiKeys = await createApiKeys({
        store,
        config,
        logger,
        now,
        authenticate,
        actingTeam: teams.actingTeam,
        requirePermission: teams.requirePermission,
      });
      app.use('/v1/team', teams.router);
      app.use('/v1/teams', teams.teamsRouter);
      app.use('/v1/invitations', teams.invitationsRouter);
      app.use('/v1/api-keys', apiKeys.router);
      app.get(
        '/v1/probe/api-key',
        apiKeys.authenticateApiKey,
        teams.requirePermission('reports:create'),
        (_req, res) => {
          res.json({ team: teamOf(res), apiKey: res.locals.apiKey });
        },
      );
    },
  });
  const { store, config, clock, now, dir } = feature.deps;
  const { url, app } = feature;
  const outbox = join(dir, 'outbox');
  const collections = await openTeamCollections(store);

  const send = (
    path: string,
    headers: Record<string, string>,
    init: { method?: string; body?: unknown; team?: string },
  ) => {
    if (init.team) headers['Quire-Team'] = init.team;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };

  return {
    url,
    store,
    publicUrl: config.publicUrl,
    clock,
    routes: listRoutes(app),
    as(user, path, init = {}) {
      return send(path, { 'X-Test-User': user.id, 'X-Test-Email': user.email }, init);
    },
    withKey(secret, path, init = {}) {
      return send(path, { Authorization: `Bearer ${secret}` }, init);
    },
    async setPlan(teamId, plan) {
      await collections.teams.updateOne({ id: teamId }, { set: { plan } });
    },
    async addMember(teamId, user, role) {
      await collections.memberships.insert({
        id: membershipId(teamId, user.id),
        teamId,
        userId: user.id,
        email: user.email,
        role,
        status: 'active',
        joinedAt: now().toISOString(),
      });
    },
    async outboxMails() {
      const files = await readdir(outbox).catch(() => [] as string[]);
      return Promise.all(
        files
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8')) as OutboxMail),
      );
    },
    close: feature.close,
  };
}

/** The error envelope's code and message, after checking the status. */
export async function errorOf(response: Response, status: number) {
  const body = (await response.json()) as { error?: Record<string, unknown> };
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.error as { code: string; message: string; param?: string } & Record<string, unknown>;
}
