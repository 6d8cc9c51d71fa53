import type { PlanId, Role } from '@quire/core';
import { startAccessApp } from '../../__fixtures__/access-app';
import type { RequestInit } from '../../__fixtures__/actors';
import { type OutboxMail, outboxMails } from '../../__fixtures__/outbox';
import type { TestUser } from '../../__fixtures__/test-identity';
import { teamOf } from '../../http/caller';
import { listRoutes, type RouteInfo } from '../../http/routes';
import type { Store } from '../../store/port';

export { errorOf } from '../../__fixtures__/actors';
export type { OutboxMail } from '../../__fixtures__/outbox';
export { newUser, type TestUser, testHeaderIdentity } from '../../__fixtures__/test-identity';

export interface TeamsApp {
  url: string;
  store: Store;
  publicUrl: string;
  clock: { offsetMs: number };
  /** Every route of the teams and API-key routers, read from Express (the permission matrix checks it covers them all). */
  routes: RouteInfo[];
  /** Fetch as a user (through the test identity headers), optionally acting for a team. */
  as(user: TestUser, path: string, init?: RequestInit): Promise<Response>;
  /** Fetch as a program: `Authorization: Bearer <secret>`, no user headers, optionally with a Quire-Team header. */
  withKey(secret: string, path: string, init?: RequestInit): Promise<Response>;
  /** Billing is another module: tests give a team a plan by writing the store. */
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  /** Puts a user in a team with a role directly (the invitation path has its own tests). */
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  outboxMails(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** The routers this fixture is about; the app's other access routes (accounts, usage, audit) have their own tests. */
const TEAM_ROUTES = ['/v1/team', '/v1/invitations', '/v1/api-keys', '/v1/probe'];

/**
 * The app's access layer (teams and API keys with accounts, usage and audit, as app.ts wires them) on the real
 * embedded store and the real outbox mailer, on loopback, with GET /v1/probe/api-key behind authenticateApiKey +
 * requirePermission('reports:create') to see what a key gets.
 */
export async function startTeamsApp(): Promise<TeamsApp> {
  const feature = await startAccessApp({
    name: 'teams',
    env: { QUIRE_SECRET: 'teams-test-secret-0123456789abcdef0123' },
    async mount(app, _deps, { apiKeys, teams }) {
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
  const { store, config, clock, dir } = feature.deps;
  const { actors } = feature;

  return {
    url: feature.url,
    store,
    publicUrl: config.publicUrl,
    clock,
    routes: listRoutes(feature.app).filter((route) => TEAM_ROUTES.some((prefix) => route.path.startsWith(prefix))),
    as: actors.fetch,
    withKey: actors.fetch,
    setPlan: actors.setPlan,
    addMember: actors.addMember,
    outboxMails: () => outboxMails(dir),
    close: feature.close,
  };
}
