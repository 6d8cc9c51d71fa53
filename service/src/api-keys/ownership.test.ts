import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { openTeamCollections } from '../teams/index';
import { membershipId } from '../teams/model';

let app: RunningApp;
let call: ReturnType<typeof apiClient>;
beforeAll(async () => {
  app = await startApp();
  call = apiClient(app);
});
afterAll(async () => {
  await app.close({ removeData: true });
});

/** The token of the latest invitation mailed to an address, from the development outbox. */
async function invitationToken(email: string): Promise<string> {
  const dir = join(app.dataDir, 'outbox');
  let link: string | undefined;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
    const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; links?: { accept?: string } };
    if (mail.to === email && mail.links?.accept) link = mail.links.accept;
  }
  return new URL(link ?? '').searchParams.get('token') ?? '';
}

/** An owner's team on Professional (3 members) with an admin who joined by invitation. */
async function teamWithAdmin(name: string) {
  const owner = await newAccount(app, `${name}-owner`);
  expect((await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'professional' } })).status).toBe(
    200,
  );
  const admin = await newAccount(app, `${name}-admin`);
  const invited = await call('POST', '/v1/team/invitations', {
    token: owner.token,
    body: { email: admin.email, role: 'admin' },
  });
  expect(invited.status).toBe(201);
  const accepted = await call('POST', '/v1/invitations/accept', {
    token: admin.token,
    body: { token: await invitationToken(admin.email) },
  });
  expect(accepted.status).toBe(200);
  return { owner, admin, teamId: owner.teamId };
}

const newKey = async (token: string, team: string, name: string) => {
  const key = await call('POST', '/v1/api-keys', { token, team, body: { name, role: 'editor' } });
  expect(key.status).toBe(201);
  return key.body as { id: string; secret: string; created_by: string };
};

describe('API keys and the members who made them', () => {
  it('revokes the keys a member created when they are removed from the team, and says so', async () => {
    const { owner, admin, teamId } = await teamWithAdmin('leaver');
    const theirs = await newKey(admin.token, teamId, 'Admin CI');
    const owners = await newKey(owner.token, teamId, 'Owner CI');
    expect(theirs.created_by).toBe(admin.userId);
    expect((await call('GET', '/v1/team', { token: theirs.secret })).status).toBe(200);

    const removed = await call('DELETE', `/v1/team/members/${admin.userId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      user_id: admin.userId,
      deleted: true,
      message: 'Team member removed',
      revoked_api_keys: [theirs.id],
    });
    // Before the fix the removed admin's key kept working for the team.
    const refused = await call('GET', '/v1/team', { token: theirs.secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    // The owner's own key is untouched, and the list holds only it.
    expect((await call('GET', '/v1/team', { token: owners.secret })).status).toBe(200);
    const listed = await call('GET', '/v1/api-keys', { token: owner.token });
    expect(listed.body.data.map((key: { id: string }) => key.id)).toEqual([owners.id]);
    // The audit log says who revoked it, and why.
    const log = await call('GET', '/v1/audit-log?action=api_key.revoked', { token: owner.token });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        actor: { type: 'user', id: owner.userId },
        target: { type: 'api_key', id: theirs.id },
        details: expect.objectContaining({ reason: 'creator_removed', created_by: admin.userId }),
      }),
    ]);
  });

  it('revokes at start-up the keys of members removed before keys were revoked with them', async () => {
    const { owner, admin, teamId } = await teamWithAdmin('earlier');
    const orphan = await newKey(admin.token, teamId, 'Orphan');
    const kept = await newKey(owner.token, teamId, 'Kept');
    // As a removal by the previous version did: the membership is gone, the key is not.
    const { memberships } = await openTeamCollections(app.store);
    expect(await memberships.deleteOne(membershipId(teamId, admin.userId))).toBe(true);
    expect((await call('GET', '/v1/team', { token: orphan.secret })).status).toBe(200);

    await app.close();
    app = await startApp({}, app.dataDir);
    call = apiClient(app);
    expect((await call('GET', '/v1/team', { token: orphan.secret })).body.error.code).toBe('invalid_api_key');
    expect((await call('GET', '/v1/team', { token: kept.secret })).status).toBe(200);
    const log = await call('GET', '/v1/audit-log?action=api_key.revoked', { token: owner.token });
    expect(log.body.data).toEqual([
      expect.objectContaining({ actor: { type: 'system', id: 'quire' }, target: { type: 'api_key', id: orphan.id } }),
    ]);
  });
});
