import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ONLY_MESSAGE } from '../http/caller';
import { errorOf, newUser, startTeamsApp, type TeamsApp, type TestUser } from '../teams/__fixtures__/teams-app';

interface KeyBody {
  id: string;
  secret: string;
}
interface TeamBody {
  id: string;
  role: string;
  personal: boolean;
}

/** Which team routes an API key may call (the table in teams/index.ts); every other route needs a person. */
const KEY_ROUTES = new Set(['GET /v1/team', 'GET /v1/team/members', 'GET /v1/probe/api-key']);

describe('API keys on the team routes', () => {
  let app: TeamsApp;
  let owner: TestUser;
  let teamId: string;
  let otherTeamId: string;
  beforeAll(async () => {
    app = await startTeamsApp();
    owner = newUser('keyrouteowner');
    teamId = ((await (await app.as(owner, '/v1/team')).json()) as TeamBody).id;
    await app.setPlan(teamId, 'enterprise');
    otherTeamId = ((await (await app.as(newUser('elsewhere'), '/v1/team')).json()) as TeamBody).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const newKey = async (role: string) => {
    const response = await app.as(owner, '/v1/api-keys', { method: 'POST', team: teamId, body: { name: role, role } });
    expect(response.status).toBe(201);
    return (await response.json()) as KeyBody;
  };

  const expectUserOnly = async (response: Response) => {
    const error = await errorOf(response, 403);
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(USER_ONLY_MESSAGE);
  };

  it('lets a viewer key read its team and its members, acting for its own team with its own role', async () => {
    const { secret } = await newKey('viewer');
    const team = await app.withKey(secret, '/v1/team');
    expect(team.status).toBe(200);
    expect(await team.json()).toMatchObject({ object: 'team', id: teamId, role: 'viewer', personal: true });

    const members = await app.withKey(secret, '/v1/team/members');
    expect(members.status).toBe(200);
    const list = (await members.json()) as { data: { email: string; role: string }[] };
    expect(list.data).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);

    // Naming its own team in the header is allowed.
    expect((await app.withKey(secret, '/v1/team', { team: teamId })).status).toBe(200);
  });

  it('refuses a Quire-Team header naming another team (or none that exists) with 403', async () => {
    const { secret } = await newKey('admin');
    for (const team of [otherTeamId, 'team_doesnotexist', 'not-a-team-id']) {
      const error = await errorOf(await app.withKey(secret, '/v1/team/members', { team }), 403);
      expect(error).toMatchObject({ code: 'forbidden', param: 'Quire-Team' });
    }
  });

  it('cannot invite, even with the admin role: 403 with a clear message, and no mail leaves', async () => {
    const { secret } = await newKey('admin');
    const mailsBefore = (await app.outboxMails()).length;
    for (const key of [secret, (await newKey('viewer')).secret]) {
      const response = await app.withKey(key, '/v1/team/invitations', {
        method: 'POST',
        body: { email: 'bykey@example.com', role: 'viewer' },
      });
      await expectUserOnly(response);
    }
    expect((await app.outboxMails()).length).toBe(mailsBefore);
    const members = (await (await app.as(owner, '/v1/team/members', { team: teamId })).json()) as {
      data: { email: string }[];
    };
    expect(members.data.some((m) => m.email === 'bykey@example.com')).toBe(false);
  });

  it('cannot create, list or revoke API keys', async () => {
    const admin = await newKey('admin');
    await expectUserOnly(
      await app.withKey(admin.secret, '/v1/api-keys', { method: 'POST', body: { name: 'child', role: 'admin' } }),
    );
    await expectUserOnly(await app.withKey(admin.secret, '/v1/api-keys'));
    await expectUserOnly(await app.withKey(admin.secret, `/v1/api-keys/${admin.id}`, { method: 'DELETE' }));
    // The key still works: the refused revocation did nothing.
    expect((await app.withKey(admin.secret, '/v1/team')).status).toBe(200);
  });

  it('cannot list teams, accept an invitation, change roles or remove members', async () => {
    const { secret } = await newKey('admin');
    const member = newUser('keytarget');
    await app.addMember(teamId, member, 'viewer');
    await expectUserOnly(await app.withKey(secret, '/v1/teams'));
    await expectUserOnly(
      await app.withKey(secret, '/v1/invitations/accept', { method: 'POST', body: { token: 'whatever' } }),
    );
    await expectUserOnly(
      await app.withKey(secret, `/v1/team/members/${member.id}`, { method: 'PATCH', body: { role: 'admin' } }),
    );
    await expectUserOnly(await app.withKey(secret, `/v1/team/members/${member.id}`, { method: 'DELETE' }));
    const members = (await (await app.as(owner, '/v1/team/members', { team: teamId })).json()) as {
      data: { user_id?: string; role: string }[];
    };
    expect(members.data.find((m) => m.user_id === member.id)?.role).toBe('viewer');
  });

  it('answers every route a key may not call with 403, never a 500 or a session error', async () => {
    const { secret } = await newKey('admin');
    let checked = 0;
    for (const { method, path } of app.routes) {
      const route = `${method} ${path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')}`;
      if (KEY_ROUTES.has(route)) continue;
      const concrete = route.slice(method.length + 1).replace(/:(\w+)/g, 'x_$1');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      await expectUserOnly(await app.withKey(secret, concrete, { method, body }));
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('refuses a revoked, unknown or malformed key with 401 invalid_api_key; other bearer tokens go to the user path', async () => {
    const key = await newKey('viewer');
    expect((await app.withKey(key.secret, '/v1/team')).status).toBe(200);
    expect((await app.as(owner, `/v1/api-keys/${key.id}`, { method: 'DELETE', team: teamId })).status).toBe(200);
    for (const path of ['/v1/team', '/v1/team/members', '/v1/teams', '/v1/api-keys']) {
      expect((await errorOf(await app.withKey(key.secret, path), 401)).code).toBe('invalid_api_key');
    }
    for (const bad of ['qk_live_nope', 'qk_test_0123456789abcdefghij', `${key.secret}x`]) {
      expect((await errorOf(await app.withKey(bad, '/v1/team'), 401)).code).toBe('invalid_api_key');
    }
    // Not a key: the accounts module's authenticator decides, and this is no session token of its own.
    expect((await errorOf(await app.withKey('eyJhbGciOiJIUzI1NiJ9.e30.x', '/v1/team'), 401)).code).toBe('invalid_jwt');
  });

  it('leaves users as they were: the header still picks among their teams', async () => {
    const response = await app.as(owner, '/v1/team', { team: otherTeamId });
    expect((await errorOf(response, 404)).code).toBe('not_found');
    expect(((await (await app.as(owner, '/v1/teams')).json()) as { data: TeamBody[] }).data.map((t) => t.id)).toEqual([
      teamId,
    ]);
  });
});
