import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts on embedded defaults with nothing set', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'quire-config-'));
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: join(cwd, '.quire-data'),
      mongodbUri: undefined,
      corsOrigins: ['http://localhost:3000'],
      secretGenerated: true,
    });
    // The generated secret is kept, so sessions survive a restart.
    expect(await readFile(join(cwd, '.quire-data', 'secret'), 'utf8')).toBe(config.secret);
    expect(loadConfig({}, cwd).secret).toBe(config.secret);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', MONGODB_URI: 'postgres://x', PUBLIC_URL: 'not a url', QUIRE_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('MONGODB_URI must start with mongodb://');
    expect(problems).toContain('PUBLIC_URL');
    expect(problems).toContain('QUIRE_SECRET must be at least 32 characters');
  });

  it('refuses to start in production without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' })).toThrowError(
      /QUIRE_SECRET: required in production/,
    );
  });

  it('refuses to start in production without SMTP, where links would only reach the outbox', () => {
    const secret = 'x'.repeat(40);
    for (const smtp of [undefined, '', '  ']) {
      const env = { NODE_ENV: 'production', QUIRE_SECRET: secret, ...(smtp === undefined ? {} : { SMTP_URL: smtp }) };
      expect(() => loadConfig(env)).toThrowError(/SMTP_URL: required in production/);
    }
    const config = loadConfig({ NODE_ENV: 'production', QUIRE_SECRET: secret, SMTP_URL: 'smtps://mail.example.com' });
    expect(config.smtpUrl).toBe('smtps://mail.example.com');
  });

  it('reads the limits of the public forms, with their defaults', () => {
    const config = loadConfig({ QUIRE_SECRET: 'x'.repeat(40), QUIRE_SIGNUP_LIMIT_PER_ADDRESS: '50' });
    expect(config.formLimits).toEqual({
      signup: { perAddress: 50, perEmail: 3 },
      recover: { perAddress: 10, perEmail: 3 },
      resend: { perAddress: 10, perEmail: 3 },
      contact: { perAddress: 5, perEmail: 3 },
    });
    expect(() => loadConfig({ QUIRE_SECRET: 'x'.repeat(40), QUIRE_RESEND_LIMIT_PER_EMAIL: '0' })).toThrowError(
      /QUIRE_RESEND_LIMIT_PER_EMAIL/,
    );
  });

  it('reads the CORS allow-list and the public URL', () => {
    const config = loadConfig({
      QUIRE_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://reports.example.com/',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.publicUrl).toBe('https://reports.example.com');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.secretGenerated).toBe(false);
  });

  it('reads the render engine, quire unless QUIRE_RENDER_ENGINE names another, and refuses an unknown one', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ QUIRE_SECRET: secret }).renderEngine).toBe('quire');
    expect(loadConfig({ QUIRE_SECRET: secret, QUIRE_RENDER_ENGINE: 'pdfmake' }).renderEngine).toBe('pdfmake');
    expect(loadConfig({ QUIRE_SECRET: secret, QUIRE_RENDER_ENGINE: 'chromium' }).renderEngine).toBe('chromium');
    expect(() => loadConfig({ QUIRE_SECRET: secret, QUIRE_RENDER_ENGINE: 'prince' })).toThrowError(
      /QUIRE_RENDER_ENGINE/,
    );
  });
});
