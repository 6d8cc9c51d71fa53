import type { Role } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  type TestUser,
} from './__fixtures__/data-sources-app';

/**
 * Who may read a data source's rows (POST /v1/data-sources/{id}/preview answers them raw, fields no template prints
 * included), as people and as API keys with each role. The expected answers are written out here rather than
 * derived from core's role table, so that a change to the table has to change this test too.
 */
const ROWS_READABLE: Record<Role, boolean> = {
  owner: true,
  admin: true,
  editor: true,
  member: false,
  viewer: false,
};
/** Listing sources and reading one's settings, to pick a source for a report. */
const SOURCES_LISTED: Record<Role, boolean> = { owner: true, admin: true, editor: true, member: true, viewer: false };
const KEY_ROLES = ['admin', 'editor', 'member', 'viewer'] as const;
const SSN = '078-05-1120';

describe('reading a data source’s rows, by role, as a person and as an API key', () => {
  let app: DataSourcesApp;
  let owner: TestUser;
  let teamId: string;
  let sourceId: string;
  const people = new Map<Role, TestUser>();
  const keys = new Map<Role, string>();

  beforeAll(async () => {
    app = await startDataSourcesApp('');
    owner = newUser('rowsowner');
    teamId = await app.teamOf(owner);
    people.set('owner', owner);
    for (const role of KEY_ROLES) {
      const person = newUser(`rows${role}`);
      await app.addMember(teamId, person, role);
      people.set(role, person);
      const response = await app.as(owner, '/v1/api-keys', {
        method: 'POST',
        team: teamId,
        body: { name: `${role} key`, role },
      });
      keys.set(role, ((await response.json()) as { secret: string }).secret);
    }
    const created = await app.as(owner, '/v1/data-sources', {
      method: 'POST',
      team: teamId,
      body: {
        type: 'static',
        name: 'Employees',
        format: 'json',
        content: JSON.stringify([{ name: 'Ada Lovelace', ssn: SSN, salary: 98000 }]),
      },
    });
    sourceId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
  });

  type Caller = {
    name: string;
    role: Role;
    fetch: (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;
  };
  const callers = (): Caller[] => [
    ...[...people].map(([role, person]) => ({
      name: `a ${role}`,
      role,
      fetch: (path: string, init = {}) => app.as(person, path, { ...init, team: teamId }),
    })),
    ...[...keys].map(([role, secret]) => ({
      name: `a ${role} API key`,
      role,
      fetch: (path: string, init = {}) => app.withKey(secret, path, init),
    })),
  ];

  it('covers every role as a person and every role a key can have', () => {
    expect(callers().map((c) => c.name)).toEqual([
      'a owner',
      'a admin',
      'a editor',
      'a member',
      'a viewer',
      'a admin API key',
      'a editor API key',
      'a member API key',
      'a viewer API key',
    ]);
  });

  it('answers the rows to owners, admins and editors, and 403 forbidden to members and viewers', async () => {
    const outcomes: Record<string, number> = {};
    for (const caller of callers()) {
      const response = await caller.fetch(`/v1/data-sources/${sourceId}/preview`, { method: 'POST', body: {} });
      const text = await response.text();
      outcomes[caller.name] = response.status;
      if (ROWS_READABLE[caller.role]) {
        expect(JSON.parse(text).rows, caller.name).toEqual([{ name: 'Ada Lovelace', ssn: SSN, salary: 98000 }]);
      } else {
        expect(JSON.parse(text).error, caller.name).toMatchObject({
          code: 'forbidden',
          permission: 'data_sources:read_rows',
        });
        expect(text, caller.name).not.toContain(SSN);
      }
    }
    expect(outcomes).toEqual({
      'a owner': 200,
      'a admin': 200,
      'a editor': 200,
      'a member': 403,
      'a viewer': 403,
      'a admin API key': 200,
      'a editor API key': 200,
      'a member API key': 403,
      'a viewer API key': 403,
    });
  });

  it('shows no row in the list, the source itself or a connectivity test, to anyone who may read those', async () => {
    for (const caller of callers()) {
      for (const [method, path] of [
        ['GET', '/v1/data-sources'],
        ['GET', `/v1/data-sources/${sourceId}`],
        ['POST', `/v1/data-sources/${sourceId}/test`],
      ] as const) {
        const response = await caller.fetch(path, method === 'POST' ? { method, body: {} } : {});
        const text = await response.text();
        expect(response.status, `${caller.name} ${method} ${path}`).toBe(SOURCES_LISTED[caller.role] ? 200 : 403);
        expect(text, `${caller.name} ${method} ${path}`).not.toContain(SSN);
      }
    }
  });

  it('refuses a member before loading anything, so a wrong id answers 403 too', async () => {
    const member = people.get('member') as TestUser;
    const response = await app.as(member, '/v1/data-sources/ds_doesnotexist/preview', {
      method: 'POST',
      team: teamId,
      body: {},
    });
    expect((await errorOf(response, 403)).code).toBe('forbidden');
  });
});
