import { can, type Permission, ROLE_PERMISSIONS, type Role } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTeamsApp, type TeamsApp, type TestUser } from './__fixtures__/teams-app';

/** What one case needs before the request: the path's ids and a body. */
interface Prepared {
  path: string;
  body?: unknown;
}

interface RouteCase {
  method: string;
  /** As Express lists it. */
  route: string;
  permission: Permission;
  success: number;
  /** Builds a fresh target (an invitation, a member, a key) in the team, as its owner, so no case affects another. */
  prepare(ctx: { owner: TestUser; teamId: string; n: number }): Promise<Prepared>;
}

/** The one table of which permission each team route needs; the expected statuses derive from it and core. */
function routeTable(app: TeamsApp): RouteCase[] {
  const invitation = async ({ owner, teamId, n }: { owner: TestUser; teamId: string; n: number }) => {
    const response = await app.as(owner, '/v1/team/invitations', {
      method: 'POST',
      team: teamId,
      body: { email: `target${n}@example.com` },
    });
    return ((await response.json()) as { invitation: { id: string } }).invitation.id;
  };
  const member = async ({ teamId, n }: { teamId: string; n: number }) => {
    const target = { id: `usr_target${n}`, email: `member${n}@example.com` };
    await app.addMember(teamId, target, 'viewer');
    return target.id;
  };
  const key = async ({ owner, teamId }: { owner: TestUser; teamId: string }) => {
    const response = await app.as(owner, '/v1/api-keys', {
      method: 'POST',
      team: teamId,
      body: { name: 'target', role: 'viewer' },
    });
    return ((await response.json()) as { id: string }).id;
  };
  return [
    {
      method: 'GET',
      route: '/v1/team',
      permission: 'team:read',
      success: 200,
      prepare: async () => ({ path: '/v1/team' }),
    },
    {
      method: 'GET',
      route: '/v1/team/members',
      permission: 'team:read',
      success: 200,
      prepare: async () => ({ path: '/v1/team/members' }),
    },
    {
      method: 'POST',
      route: '/v1/team/invitations',
      permission: 'members:manage',
      success: 201,
      prepare: async ({ n }) => ({ path: '/v1/team/invitations', body: { email: `new${n}@example.com` } }),
    },
    {
      method: 'POST',
      route: '/v1/team/invitations/:id/resend',
      permission: 'members:manage',
      success: 200,
      prepare: async (ctx) => ({ path: `/v1/team/invitations/${await invitation(ctx)}/resend` }),
    },
    {
      method: 'DELETE',
      route: '/v1/team/invitations/:id',
      permission: 'members:manage',
      success: 200,
      prepare: async (ctx) => ({ path: `/v1/team/invitations/${await invitation(ctx)}` }),
    },
    {
      method: 'PATCH',
      route: '/v1/team/members/:userId',
      permission: 'members:manage',
      success: 200,
      prepare: async (ctx) => ({ path: `/v1/team/members/${await member(ctx)}`, body: { role: 'editor' } }),
    },
    {
      method: 'DELETE',
      route: '/v1/team/members/:userId',
      permission: 'members:manage',
      success: 200,
      prepare: async (ctx) => ({ path: `/v1/team/members/${await member(ctx)}` }),
    },
    {
      method: 'POST',
      route: '/v1/api-keys',
      permission: 'api_keys:manage',
      success: 201,
      prepare: async () => ({ path: '/v1/api-keys', body: { name: 'ci', role: 'member' } }),
    },
    {
      method: 'GET',
      route: '/v1/api-keys',
      permission: 'api_keys:manage',
      success: 200,
      prepare: async () => ({ path: '/v1/api-keys' }),
    },
    {
      method: 'PATCH',
      route: '/v1/api-keys/:id',
      permission: 'api_keys:manage',
      success: 200,
      prepare: async (ctx) => ({
        path: `/v1/api-keys/${await key(ctx)}`,
        body: { allowed_origins: ['https://app.example.com'] },
      }),
    },
    {
      method: 'DELETE',
      route: '/v1/api-keys/:id',
      permission: 'api_keys:manage',
      success: 200,
      prepare: async (ctx) => ({ path: `/v1/api-keys/${await key(ctx)}` }),
    },
  ];
}

/** Routes that act for no team: the user's team list, accepting an invitation, and the fixture's probe. */
const NOT_TEAM_ROUTES = ['GET /v1/teams', 'POST /v1/invitations/accept', 'GET /v1/probe/api-key'];

const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];

describe('the permission matrix', () => {
  let app: TeamsApp;
  beforeAll(async () => {
    app = await startTeamsApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('has a row for every route the routers answer', () => {
    const listed = app.routes.map(
      ({ method, path }) => `${method} ${path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')}`,
    );
    const table = routeTable(app).map((row) => `${row.method} ${row.route}`);
    expect([...listed].sort()).toEqual([...table, ...NOT_TEAM_ROUTES].sort());
  });

  it('answers each route × role as core ROLE_PERMISSIONS says, and 404 for a foreign team', async () => {
    let n = 0;
    const results: string[] = [];
    const expected: string[] = [];
    for (const who of [...ROLES, 'foreign'] as const) {
      // A fresh team per role, on a plan with room for every case's invitations and members.
      const owner = newUser('matrixowner');
      const team = (await (await app.as(owner, '/v1/team')).json()) as { id: string };
      await app.setPlan(team.id, 'enterprise');
      let actor: TestUser = owner;
      if (who === 'foreign') actor = newUser('foreigner');
      else if (who !== 'owner') {
        actor = newUser(who);
        await app.addMember(team.id, actor, who);
      }
      for (const row of routeTable(app)) {
        n += 1;
        const { path, body } = await row.prepare({ owner, teamId: team.id, n });
        const response = await app.as(actor, path, { method: row.method, team: team.id, body });
        const status = who === 'foreign' ? 404 : can(who, row.permission) ? row.success : 403;
        results.push(`${who} ${row.method} ${row.route} → ${response.status}`);
        expected.push(`${who} ${row.method} ${row.route} → ${status}`);
      }
    }
    expect(results).toEqual(expected);
    // The matrix is not vacuous: both outcomes occur for every permission used.
    for (const permission of ['team:read', 'members:manage', 'api_keys:manage'] as const) {
      expect(ROLES.some((role) => can(role, permission))).toBe(true);
    }
    expect(ROLES.filter((role) => !can(role, 'members:manage'))).toEqual(['editor', 'member', 'viewer']);
  });
});
