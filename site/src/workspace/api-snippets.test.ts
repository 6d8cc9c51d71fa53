import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clientSnippet, curlSnippet } from './api-snippets';

const ORIGIN = 'https://quire.example.com';

describe('Boss Mode’s snippets', () => {
  it('send the team’s API key from QUIRE_API_KEY, with a body quoted for the shell', () => {
    const curl = curlSnippet(
      { method: 'POST', path: '/v1/templates', body: { name: "Ada's invoice" }, client: '' },
      ORIGIN,
    );
    expect(curl).toContain('-H "Authorization: Bearer $QUIRE_API_KEY"');
    expect(curl).not.toContain('Quire-Team');
    // The shell hands curl the JSON as written, the quote in it included.
    const data = execFileSync('bash', ['-c', `printf '%s' ${curl.split('--data ')[1]}`], { encoding: 'utf8' });
    expect(JSON.parse(data)).toEqual({ name: "Ada's invoice" });
  });

  it('send a person’s access token, and the team, for what API keys may not do', () => {
    const action = {
      method: 'GET' as const,
      path: '/v1/api-keys',
      client: 'await quire.apiKeys.list();',
      asPerson: { team: 'team_123' },
    };
    const curl = curlSnippet(action, ORIGIN);
    expect(curl).toContain('-H "Authorization: Bearer $QUIRE_ACCESS_TOKEN"');
    expect(curl).toContain("-H 'Quire-Team: team_123'");
    expect(clientSnippet(action, ORIGIN)).toContain(
      `new Quire({ apiKey: process.env.QUIRE_ACCESS_TOKEN, baseUrl: '${ORIGIN}', team: 'team_123' })`,
    );
    // The person's own routes (their profile) need no team.
    expect(curlSnippet({ ...action, path: '/v1/profile', asPerson: {} }, ORIGIN)).not.toContain('Quire-Team');
  });
});
