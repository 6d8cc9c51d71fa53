import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../crypto/ids';
import { errorOf, newUser, startTeamsApp, type TeamsApp, type TestUser } from '../teams/__fixtures__/teams-app';
import { lookupPrefix, newApiKeySecret } from './secret';

interface KeyBody {
  id: string;
  name: string;
  role: string;
  prefix: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  secret?: string;
}

describe('API keys', () => {
  let app: TeamsApp;
  let owner: TestUser;
  let teamId: string;
  beforeAll(async () => {
    app = await startTeamsApp();
    owner = newUser('keyowner');
    teamId = ((await (await app.as(owner, '/v1/team')).json()) as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const create = async (body: unknown) => app.as(owner, '/v1/api-keys', { method: 'POST', team: teamId, body });
  const probe = (secret: string) =>
    fetch(`${app.url}/v1/probe/api-key`, { headers: { Authorization: `Bearer ${secret}` } });

  it('makes qk_live_ keys of 32 random bytes in base62, found by a 12-character prefix', () => {
    const secrets = Array.from({ length: 200 }, newApiKeySecret);
    for (const secret of secrets) expect(secret).toMatch(/^qk_live_[0-9A-Za-z]{43}$/);
    expect(new Set(secrets).size).toBe(200);
    const [first] = secrets as [string];
    expect(lookupPrefix(first)).toBe(first.slice(8, 20));
    expect(lookupPrefix('qk_live_short')).toBeUndefined();
    expect(lookupPrefix(`qk_test_${first.slice(8)}`)).toBeUndefined();
  });

  it('shows the secret once on creation, never in the list; stores only its hash', async () => {
    const response = await create({ name: 'CI', role: 'member' });
    expect(response.status).toBe(201);
    const key = (await response.json()) as KeyBody;
    expect(key).toMatchObject({ name: 'CI', role: 'member', last_used_at: null });
    expect(key.secret).toMatch(/^qk_live_[0-9A-Za-z]{43}$/);
    expect(key.prefix).toBe(key.secret?.slice(8, 20));

    const list = (await (await app.as(owner, '/v1/api-keys', { team: teamId })).json()) as { data: KeyBody[] };
    const listed = list.data.find((k) => k.id === key.id);
    expect(listed && Object.keys(listed).sort()).toEqual(
      ['allowed_origins', 'created_at', 'created_by', 'id', 'last_used_at', 'name', 'object', 'prefix', 'role'].sort(),
    );
    expect(listed?.created_by).toBe(owner.id);
    const stored = await (await app.store.collection<{ id: string }>({ name: 'api_keys' })).get(key.id);
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    expect(stored).toMatchObject({ hash: hashSecret(key.secret as string), prefix: key.prefix });
  });

  it('still authenticates a key stored with the hex hash earlier versions wrote', async () => {
    const key = (await (await create({ name: 'Old', role: 'member' })).json()) as KeyBody;
    const secret = key.secret as string;
    const keys = await app.store.collection<{ id: string; hash: string }>({ name: 'api_keys' });
    await keys.updateOne({ id: key.id }, { set: { hash: createHash('sha256').update(secret).digest('hex') } });
    const response = await probe(secret);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ apiKey: { id: key.id }, team: { id: teamId, role: 'member' } });
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
    expect((await probe(wrong)).status).toBe(401);
  });

  it('authenticates a program with its key: the team with the key role, and records last use', async () => {
    const key = (await (await create({ name: 'Reports', role: 'member' })).json()) as KeyBody;
    const response = await probe(key.secret as string);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      team: { id: teamId, name: 'Personal team', plan: 'free', role: 'member' },
      // Its name too, for what records who acted (a report's source).
      apiKey: { id: key.id, name: 'Reports' },
    });
    const list = (await (await app.as(owner, '/v1/api-keys', { team: teamId })).json()) as { data: KeyBody[] };
    expect(list.data.find((k) => k.id === key.id)?.last_used_at).toEqual(expect.any(String));
  });

  it("enforces the key's role like a member's", async () => {
    const viewer = (await (await create({ name: 'Read only', role: 'viewer' })).json()) as KeyBody;
    // The probe needs reports:create, which a viewer does not have.
    expect((await errorOf(await probe(viewer.secret as string), 403)).code).toBe('forbidden');
  });

  it('refuses a revoked key, a wrong secret with the right prefix, and anything else with 401', async () => {
    const key = (await (await create({ name: 'Temp', role: 'admin' })).json()) as KeyBody;
    const secret = key.secret as string;
    const last = secret.at(-1) === 'a' ? 'b' : 'a';
    const sameprefix = `${secret.slice(0, -1)}${last}`;
    expect(lookupPrefix(sameprefix)).toBe(key.prefix);
    expect((await errorOf(await probe(sameprefix), 401)).code).toBe('invalid_api_key');
    expect((await probe(secret)).status).toBe(200);

    const revoked = await app.as(owner, `/v1/api-keys/${key.id}`, { method: 'DELETE', team: teamId });
    expect(revoked.status).toBe(200);
    expect((await errorOf(await probe(secret), 401)).code).toBe('invalid_api_key');
    const list = (await (await app.as(owner, '/v1/api-keys', { team: teamId })).json()) as { data: KeyBody[] };
    expect(list.data.some((k) => k.id === key.id)).toBe(false);
    expect((await app.as(owner, `/v1/api-keys/${key.id}`, { method: 'DELETE', team: teamId })).status).toBe(404);

    for (const bad of ['', 'qk_live_nope', newApiKeySecret()]) {
      expect((await errorOf(await probe(bad), 401)).code).toBe('invalid_api_key');
    }
    const none = await fetch(`${app.url}/v1/probe/api-key`);
    expect((await errorOf(none, 401)).code).toBe('invalid_api_key');
  });

  it('keeps keys to their team and validates name and role', async () => {
    const other = newUser('otherowner');
    const key = (await (await create({ name: 'Mine', role: 'member' })).json()) as KeyBody;
    // The other user's own team has no such key.
    expect((await app.as(other, `/v1/api-keys/${key.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await errorOf(await create({ name: 'x', role: 'owner' }), 400)).param).toBe('role');
    expect((await errorOf(await create({ name: ' ', role: 'member' }), 400)).param).toBe('name');
  });
});
