import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli';

const env = { QUIRE_API_KEY: 'qk_live_fromEnv', QUIRE_BASE_URL: 'http://env.example:3000' };

describe('parseCli', () => {
  it('reads the key and the base URL from the environment', () => {
    expect(parseCli([], env)).toEqual({
      kind: 'serve',
      config: {
        apiKey: 'qk_live_fromEnv',
        baseUrl: 'http://env.example:3000',
        team: undefined,
        tools: undefined,
        readOnly: false,
      },
    });
  });

  it('lets flags override the environment', () => {
    const command = parseCli(
      ['--api-key', 'qk_live_fromFlag', '--base-url=https://quire.example.com', '--team', 'team_1'],
      { ...env, QUIRE_TEAM: 'team_env' },
    );
    expect(command).toMatchObject({
      config: { apiKey: 'qk_live_fromFlag', baseUrl: 'https://quire.example.com', team: 'team_1' },
    });
  });

  it('takes an allow-list of tools, and rejects a name that is not a tool', () => {
    expect(parseCli(['--tools', 'list_templates, generate_report'], env)).toMatchObject({
      config: { tools: ['list_templates', 'generate_report'] },
    });
    expect(() => parseCli(['--tools', 'list_templates,drop_tables'], env)).toThrow(
      /Unknown tool in --tools: drop_tables\. The tools are: list_starters,/,
    );
    expect(() => parseCli(['--tools', ','], env)).toThrow(/--tools names no tool/);
  });

  it('turns read-only mode on with --read-only or QUIRE_MCP_READ_ONLY=1, and refuses another value', () => {
    expect(parseCli(['--read-only'], env)).toMatchObject({ config: { readOnly: true } });
    expect(parseCli([], { ...env, QUIRE_MCP_READ_ONLY: '1' })).toMatchObject({ config: { readOnly: true } });
    expect(parseCli([], { ...env, QUIRE_MCP_READ_ONLY: 'TRUE' })).toMatchObject({ config: { readOnly: true } });
    expect(parseCli([], { ...env, QUIRE_MCP_READ_ONLY: '0' })).toMatchObject({ config: { readOnly: false } });
    expect(() => parseCli([], { ...env, QUIRE_MCP_READ_ONLY: 'yes please' })).toThrow(
      /QUIRE_MCP_READ_ONLY is "yes please": set it to 1/,
    );
    expect(() => parseCli(['--read-only=false'], env)).toThrow(UsageError);
  });

  it('rejects unknown flags and positionals', () => {
    expect(() => parseCli(['--api-kee', 'x'], env)).toThrow(UsageError);
    expect(() => parseCli(['--api-kee', 'x'], env)).toThrow(/Unknown option '--api-kee'/);
    expect(() => parseCli(['serve'], env)).toThrow(UsageError);
  });

  it('refuses to start without an API key, saying where to get one', () => {
    expect(() => parseCli([], {})).toThrow(/No API key: set QUIRE_API_KEY or pass --api-key/);
    expect(() => parseCli(['--api-key', ' '], {})).toThrow(UsageError);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => parseCli(['--base-url', 'quire.example.com'], env)).toThrow(/is not an http\(s\) URL/);
  });

  it('answers --help and --version without needing a key', () => {
    expect(parseCli(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseCli(['-v'], {})).toEqual({ kind: 'version' });
  });
});
