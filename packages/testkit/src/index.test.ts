import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, openApiDocument, type RunningService, signUp, startService, useUpMonthlyLimit } from './index';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

const get = async (path: string, token: string) => {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
};

describe('the test kit', () => {
  it('starts the service on loopback, on its embedded store in a temporary directory', async () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(`${service.dataDir}/db`)).toBe(true);
    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('signs a person up and makes a team API key that acts for their team with its role', async () => {
    const account = await signUp(service, 'Ada Lovelace');
    expect(account.email).toMatch(/^ada-lovelace-\d+-\d+@example\.com$/);
    expect(await get('/v1/team', account.token)).toMatchObject({ status: 200, body: { id: account.teamId } });
    const key = await createApiKey(service, account, { role: 'viewer' });
    expect(key).toMatch(/^qk_live_/);
    expect(await get('/v1/team', key)).toMatchObject({ status: 200, body: { id: account.teamId, role: 'viewer' } });
  });

  it("uses up a team's monthly reports and gives them back", async () => {
    const account = await signUp(service, 'limits');
    const giveBack = await useUpMonthlyLimit(service, account.teamId, 'reports_per_month');
    const usage = async () => (await get('/v1/usage', account.token)).body.usage.reports_per_month;
    const { limit } = await usage();
    expect(await usage()).toEqual({ used: limit, limit });
    await giveBack();
    expect(await usage()).toEqual({ used: 0, limit });
  });

  it("answers the service's OpenAPI document", async () => {
    const document = (await openApiDocument()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.paths['/v1/templates']).toBeDefined();
  });

  it('removes the data directory on close', async () => {
    const other = await startService();
    await other.close();
    expect(existsSync(other.dataDir)).toBe(false);
  });
});
