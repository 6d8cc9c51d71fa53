import { NESTING_LIMITS } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { BODY_DEPTH_LIMIT, jsonTextTooDeep } from './json-depth';

interface Answer {
  error: { code: string; param?: string; limit?: number; type: string };
  content_base64: string;
}

const deepObject = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

describe('jsonTextTooDeep', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(jsonTextTooDeep(text('{"a":[1,{"b":2}]}'), 3)).toBe(false);
    expect(jsonTextTooDeep(text('{"a":[1,{"b":2}]}'), 2)).toBe(true);
    expect(jsonTextTooDeep(text(`{"s":"${'['.repeat(100)}\\"{{{"}`), 1)).toBe(false);
    expect(jsonTextTooDeep(text('[[],[],[],[]]'), 2)).toBe(false);
    expect(jsonTextTooDeep(text(`{"é":"ü${'{'.repeat(10)}"}`), 1)).toBe(false);
  });
});

describe('requests a client got wrong in ways the router and parsers meet first', () => {
  let app: RunningApp;
  let token: string;
  let templateId: string;
  const call = (method: string, path: string, options: { body?: string; token?: string } = {}) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Answer }));

  beforeAll(async () => {
    app = await startApp({ RATE_LIMIT_PER_MINUTE: '10000' });
    ({ token } = await newAccount(app, 'hostile'));
    const created = await apiClient(app)('POST', '/v1/templates', {
      token,
      body: { name: 'Deep', html: '<p>{% if a.a.a %}deep{% endif %}</p>' },
    });
    templateId = created.body.id as string;
  });
  afterAll(async () => {
    await app.close({ removeData: true });
  });

  it('answers a path parameter with bad percent-encoding with 400 malformed_path', async () => {
    for (const path of ['/v1/starters/%ff', '/v1/starters/%E0%A4%A', '/v1/starters/%']) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'malformed_path', type: 'invalid_request_error' });
    }
    const signedIn = await call('GET', '/v1/templates/%ff/versions', { token });
    expect(signedIn.body.error.code).toBe('malformed_path');
  });

  it('answers a body nested 5,000 levels deep with 400 json_too_deep before parsing it', async () => {
    for (const path of ['/v1/auth/signup', `/v1/templates/${templateId}/preview`, '/v1/profile']) {
      const answer = await call(path === '/v1/profile' ? 'PATCH' : 'POST', path, { body: deepObject(5_000), token });
      expect(answer.status, path).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'json_too_deep', limit: BODY_DEPTH_LIMIT });
    }
  });

  it('previews data nested as deep as the limit, and refuses deeper data inside an allowed body', async () => {
    const preview = (depth: number) =>
      call('POST', `/v1/templates/${templateId}/preview`, {
        token,
        body: `{"format":"html","data":${deepObject(depth)}}`,
      });
    const fine = await preview(NESTING_LIMITS.json);
    expect(fine.status).toBe(200);
    expect(Buffer.from(fine.body.content_base64, 'base64').toString()).toContain('<p>deep</p>');
    const deeper = await preview(NESTING_LIMITS.json + 1);
    expect(deeper.status).toBe(400);
    expect(deeper.body.error).toMatchObject({ code: 'json_too_deep', param: 'data' });
  });
});
