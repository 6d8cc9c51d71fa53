import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';

let app: RunningApp;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
  call = apiClient(app);
});
afterAll(async () => {
  await app.close({ removeData: true });
});

describe('the members list', () => {
  it("names each member by their profile's full name, and follows a change of it", async () => {
    const owner = await newAccount(app, 'Grace');
    const listed = await call('GET', '/v1/team/members', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        object: 'member',
        user_id: owner.userId,
        email: owner.email.toLowerCase(),
        name: 'Grace',
      }),
    ]);
    const renamed = await call('PATCH', '/v1/profile', { token: owner.token, body: { full_name: 'Grace Hopper' } });
    expect(renamed.status).toBe(200);
    const again = await call('GET', '/v1/team/members', { token: owner.token });
    expect(again.body.data[0].name).toBe('Grace Hopper');
  });
});
