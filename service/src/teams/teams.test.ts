import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, newUser, startTeamsApp, type TeamsApp, type TestUser } from './__fixtures__/teams-app';
import { INVITATION_TTL_MS } from './invitations';

interface TeamBody {
  permissions?: string[];
  id: string;
  name: string;
  plan: string;
  role: string;
  personal: boolean;
}
interface ListBody {
  data: { object: string; email: string; role: string; status: string; user_id?: string; id?: string }[];
}

describe('teams and invitations', () => {
  let app: TeamsApp;
  beforeAll(async () => {
    app = await startTeamsApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A user's personal team, moved to a plan with seats for invitations. */
  async function teamOf(owner: TestUser, plan: 'professional' | 'enterprise' = 'professional') {
    const team = (await (await app.as(owner, '/v1/team')).json()) as TeamBody;
    await app.setPlan(team.id, plan);
    return team;
  }

  async function invite(owner: TestUser, teamId: string, email: string, role?: string) {
    return app.as(owner, '/v1/team/invitations', { method: 'POST', team: teamId, body: { email, role } });
  }

  /** The token of the latest invitation mailed to an address, read from the accept link. */
  async function mailedToken(email: string) {
    const mail = (await app.outboxMails()).findLast((m) => m.kind === 'invitation' && m.to === email);
    if (!mail) throw new Error(`no invitation mail to ${email}`);
    const link = new URL(mail.links.accept as string);
    return { mail, link, token: link.searchParams.get('token') as string };
  }

  it('gives every user a personal team they own on first use, once', async () => {
    const ada = newUser('ada');
    const [first, second] = await Promise.all([app.as(ada, '/v1/team'), app.as(ada, '/v1/team')]);
    expect(first.status).toBe(200);
    const team = (await first.json()) as TeamBody;
    expect(team).toMatchObject({ object: 'team', plan: 'free', role: 'owner', personal: true });
    expect(team.id).toMatch(/^team_/);
    expect(((await second.json()) as TeamBody).id).toBe(team.id);
    const teams = (await (await app.as(ada, '/v1/teams')).json()) as { data: TeamBody[] };
    expect(teams.data.map((t) => t.id)).toEqual([team.id]);
    const members = (await (await app.as(ada, '/v1/team/members')).json()) as ListBody;
    expect(members.data).toEqual([expect.objectContaining({ email: ada.email, role: 'owner', status: 'active' })]);
  });

  it('invites by mail; the invited user accepts and is listed active; the team joins their teams', async () => {
    const owner = newUser('owner');
    const bob = newUser('bob');
    const team = await teamOf(owner);
    const response = await invite(owner, team.id, bob.email.toUpperCase());
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      invitation: { id: string; role: string; status: string };
      message: string;
    };
    expect(body.message).toBe(`Invitation sent to ${bob.email}`);
    expect(body.invitation).toMatchObject({ role: 'member', status: 'pending', email: bob.email });

    const { mail, link, token } = await mailedToken(bob.email);
    expect(mail.subject).toBe(`${owner.email} invited you to Personal team on Quire`);
    expect(`${link.origin}${link.pathname}`).toBe(`${app.publicUrl}/invitations/accept`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    let list = (await (await app.as(owner, '/v1/team/members', { team: team.id })).json()) as ListBody;
    expect(list.data.find((m) => m.email === bob.email)).toMatchObject({ object: 'invitation', status: 'pending' });

    const accepted = await app.as(bob, '/v1/invitations/accept', { method: 'POST', body: { token } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ team: { id: team.id, role: 'member' } });
    list = (await (await app.as(owner, '/v1/team/members', { team: team.id })).json()) as ListBody;
    const bobs = list.data.filter((m) => m.email === bob.email);
    expect(bobs).toEqual([expect.objectContaining({ object: 'member', user_id: bob.id, status: 'active' })]);

    const bobTeams = (await (await app.as(bob, '/v1/teams')).json()) as { data: TeamBody[] };
    expect(bobTeams.data.map((t) => [t.personal, t.role])).toEqual(
      expect.arrayContaining([
        [true, 'owner'],
        [false, 'member'],
      ]),
    );
    const acting = (await (await app.as(bob, '/v1/team', { team: team.id })).json()) as TeamBody;
    expect(acting).toMatchObject({ id: team.id, role: 'member', plan: 'professional' });
    // What the role may do in the team, as the roles table says: a program offers only those actions.
    expect(acting.permissions).toEqual([
      'team:read',
      'data_sources:read',
      'templates:read',
      'reports:read',
      'reports:create',
    ]);

    // Single use: the same token again is refused.
    const again = await app.as(bob, '/v1/invitations/accept', { method: 'POST', body: { token } });
    expect((await errorOf(again, 404)).code).toBe('not_found');
    // And inviting a member again is a conflict.
    expect((await errorOf(await invite(owner, team.id, bob.email), 409)).code).toBe('already_member');
  });

  it('accepts an invitation whose token hash was stored in hex, as earlier versions wrote it', async () => {
    const owner = newUser('owner');
    const erin = newUser('erin');
    const team = await teamOf(owner);
    const created = (await (await invite(owner, team.id, erin.email)).json()) as { invitation: { id: string } };
    const { token } = await mailedToken(erin.email);
    const invitations = await app.store.collection<{ id: string; tokenHash?: string }>({ name: 'team_invitations' });
    const hex = createHash('sha256').update(token).digest('hex');
    await invitations.updateOne({ id: created.invitation.id }, { set: { tokenHash: hex } });
    const accepted = await app.as(erin, '/v1/invitations/accept', { method: 'POST', body: { token } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ team: { id: team.id, role: 'member' } });
  });

  it('refuses an invitation presented by a user with another email, and keeps it for the right one', async () => {
    const owner = newUser('owner');
    const carol = newUser('carol');
    const mallory = newUser('mallory');
    const team = await teamOf(owner);
    expect((await invite(owner, team.id, carol.email, 'viewer')).status).toBe(201);
    const { token } = await mailedToken(carol.email);
    const wrong = await app.as(mallory, '/v1/invitations/accept', { method: 'POST', body: { token } });
    expect((await errorOf(wrong, 403)).message).toBe('This invitation was sent to another email address.');
    expect((await app.as(mallory, '/v1/team', { team: team.id })).status).toBe(404);
    const right = await app.as(carol, '/v1/invitations/accept', { method: 'POST', body: { token } });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ team: { role: 'viewer' } });
  });

  it('refuses an expired invitation clearly; a resent one works and the old link does not', async () => {
    const owner = newUser('owner');
    const dan = newUser('dan');
    const team = await teamOf(owner);
    const created = (await (await invite(owner, team.id, dan.email)).json()) as { invitation: { id: string } };
    const { token: old } = await mailedToken(dan.email);
    app.clock.offsetMs = INVITATION_TTL_MS + 1000;
    try {
      const expired = await app.as(dan, '/v1/invitations/accept', { method: 'POST', body: { token: old } });
      const error = await errorOf(expired, 400);
      expect(error).toMatchObject({ param: 'token', reason: 'invitation_expired' });
      expect(error.message).toBe('This invitation has expired. Ask a team admin to send a new one.');
      const list = (await (await app.as(owner, '/v1/team/members', { team: team.id })).json()) as ListBody;
      expect(list.data.find((m) => m.email === dan.email)?.status).toBe('expired');

      const resent = await app.as(owner, `/v1/team/invitations/${created.invitation.id}/resend`, {
        method: 'POST',
        team: team.id,
      });
      expect(resent.status).toBe(200);
      expect(((await resent.json()) as { message: string }).message).toBe(`Invitation sent to ${dan.email}`);
      const { token } = await mailedToken(dan.email);
      expect(token).not.toBe(old);
      const stale = await app.as(dan, '/v1/invitations/accept', { method: 'POST', body: { token: old } });
      expect(stale.status).toBe(404);
      expect((await app.as(dan, '/v1/invitations/accept', { method: 'POST', body: { token } })).status).toBe(200);
    } finally {
      app.clock.offsetMs = 0;
    }
  });

  it('revokes an invitation: its link stops working and its seat is free again', async () => {
    const owner = newUser('owner');
    const team = await teamOf(owner);
    const invited = [newUser('e1'), newUser('e2')];
    for (const user of invited) expect((await invite(owner, team.id, user.email)).status).toBe(201);
    // Professional has 3 seats: the owner and two pending invitations fill them.
    const third = newUser('e3');
    expect((await errorOf(await invite(owner, team.id, third.email), 402)).code).toBe('plan_limit_exceeded');
    const list = (await (await app.as(owner, '/v1/team/members', { team: team.id })).json()) as ListBody;
    const pending = list.data.find((m) => m.email === invited[0]?.email);
    const { token } = await mailedToken(invited[0]?.email as string);
    const revoked = await app.as(owner, `/v1/team/invitations/${pending?.id}`, { method: 'DELETE', team: team.id });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ invitation: { status: 'revoked' } });
    const user = invited[0] as TestUser;
    expect((await app.as(user, '/v1/invitations/accept', { method: 'POST', body: { token } })).status).toBe(404);
    expect((await invite(owner, team.id, third.email)).status).toBe(201);
    // Revoking twice: nothing pending by that id any more.
    const twice = await app.as(owner, `/v1/team/invitations/${pending?.id}`, { method: 'DELETE', team: team.id });
    expect(twice.status).toBe(404);
  });

  it("validates the invite form with the seed's messages and defaults the role to member", async () => {
    const owner = newUser('owner');
    const team = await teamOf(owner);
    const cases: [unknown, number, string, string][] = [
      [{}, 400, 'email_required', 'Email is required'],
      [{ email: '  ' }, 400, 'email_required', 'Email is required'],
      [{ email: 'not-an-email' }, 400, 'invalid_email', 'Please enter a valid email address'],
      [{ email: 'a@b' }, 400, 'invalid_email', 'Please enter a valid email address'],
      [{ email: 42 }, 400, 'invalid_email', 'Please enter a valid email address'],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await app.as(owner, '/v1/team/invitations', { method: 'POST', team: team.id, body });
      expect(await errorOf(response, status)).toMatchObject({ code, message, param: 'email' });
    }
    const owned = await invite(owner, team.id, 'x@example.com', 'owner');
    expect(await errorOf(owned, 400)).toMatchObject({ code: 'validation_failed', param: 'role' });
  });

  it('answers 402 with limit, used and plan when the free plan (1 member) is full', async () => {
    const solo = newUser('solo');
    const team = (await (await app.as(solo, '/v1/team')).json()) as TeamBody;
    const error = await errorOf(await invite(solo, team.id, 'friend@example.com'), 402);
    expect(error).toMatchObject({ code: 'plan_limit_exceeded', limit: 1, used: 1, plan: 'free' });
    expect((await app.outboxMails()).some((m) => m.to === 'friend@example.com')).toBe(false);
  });

  it("keeps the owner: nobody removes themselves or changes their own role (the seed's messages)", async () => {
    const owner = newUser('owner');
    const admin = newUser('admin');
    const team = await teamOf(owner);
    await app.addMember(team.id, admin, 'admin');
    const self = { team: team.id };
    const removeSelf = await app.as(owner, `/v1/team/members/${owner.id}`, { method: 'DELETE', ...self });
    expect(await errorOf(removeSelf, 403)).toMatchObject({
      code: 'cannot_remove_self',
      message: 'You cannot remove yourself',
    });
    const ownRole = await app.as(owner, `/v1/team/members/${owner.id}`, {
      method: 'PATCH',
      body: { role: 'admin' },
      ...self,
    });
    expect(await errorOf(ownRole, 403)).toMatchObject({
      code: 'cannot_change_own_role',
      message: 'You cannot change your own role',
    });
    // An admin manages members but not the owner.
    const demote = await app.as(admin, `/v1/team/members/${owner.id}`, {
      method: 'PATCH',
      body: { role: 'viewer' },
      ...self,
    });
    expect((await errorOf(demote, 403)).code).toBe('owner_required');
    const remove = await app.as(admin, `/v1/team/members/${owner.id}`, { method: 'DELETE', ...self });
    expect((await errorOf(remove, 403)).code).toBe('owner_required');
  });

  it('changes roles and removes members with the seed messages', async () => {
    const owner = newUser('owner');
    const eve = newUser('eve');
    const team = await teamOf(owner);
    await app.addMember(team.id, eve, 'member');
    const patched = await app.as(owner, `/v1/team/members/${eve.id}`, {
      method: 'PATCH',
      team: team.id,
      body: { role: 'editor' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ member: { role: 'editor' }, message: 'Role updated successfully' });
    const removed = await app.as(owner, `/v1/team/members/${eve.id}`, { method: 'DELETE', team: team.id });
    expect(await removed.json()).toMatchObject({ message: 'Team member removed' });
    expect((await app.as(eve, '/v1/team', { team: team.id })).status).toBe(404);
    const gone = await app.as(owner, `/v1/team/members/${eve.id}`, { method: 'DELETE', team: team.id });
    expect(gone.status).toBe(404);
  });

  it('lets an editor read the team but not invite (403)', async () => {
    const owner = newUser('owner');
    const editor = newUser('editor');
    const team = await teamOf(owner);
    await app.addMember(team.id, editor, 'editor');
    expect((await app.as(editor, '/v1/team/members', { team: team.id })).status).toBe(200);
    const error = await errorOf(await invite(editor, team.id, 'x@example.com'), 403);
    expect(error).toMatchObject({ code: 'forbidden', role: 'editor', permission: 'members:manage' });
  });

  it('answers 404 for a team the user is not in, exactly as for a team that does not exist', async () => {
    const owner = newUser('owner');
    const outsider = newUser('outsider');
    const team = await teamOf(owner);
    const foreign = await errorOf(await app.as(outsider, '/v1/team', { team: team.id }), 404);
    const missing = await errorOf(await app.as(outsider, '/v1/team', { team: 'team_doesnotexist' }), 404);
    const garbage = await errorOf(await app.as(outsider, '/v1/team', { team: `${team.id}:${owner.id}` }), 404);
    expect(foreign).toEqual(missing);
    expect(garbage).toEqual(missing);
  });

  it('refuses a suspended membership with 403, and requests without a user with 401', async () => {
    const owner = newUser('owner');
    const sam = newUser('sam');
    const team = await teamOf(owner);
    await app.addMember(team.id, sam, 'admin');
    const memberships = await app.store.collection<{ id: string }>({ name: 'team_memberships' });
    await memberships.updateOne({ id: `${team.id}:${sam.id}` }, { set: { status: 'suspended' } });
    expect((await errorOf(await app.as(sam, '/v1/team', { team: team.id }), 403)).code).toBe('forbidden');
    const anonymous = await fetch(`${app.url}/v1/team`);
    expect((await errorOf(anonymous, 401)).code).toBe('session_missing');
  });
});
