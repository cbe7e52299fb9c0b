import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('uses the embedded defaults when nothing is configured', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8787,
      embedded: true,
      database: { url: 'file:data/spotless.db' },
      stripe: undefined,
      openai: undefined,
    });
  });

  it('names every bad field', () => {
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL');
      expect(text).toContain('LOG_LEVEL');
    }
  });

  it('requires real settings in production and never treats it as embedded', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL: required in production/);
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'libsql://db.example.turso.io',
      DATABASE_AUTH_TOKEN: 'token',
      ADMIN_PASSWORD_HASH: 'scrypt$1$1$1$a$b',
      PUBLIC_URL: 'https://spotless.example',
    });
    expect(config.embedded).toBe(false);
  });

  it('requires OAuth ids and secrets in pairs', () => {
    expect(() => parseConfig({ GITHUB_CLIENT_ID: 'id' })).toThrow(/GITHUB_CLIENT_SECRET/);
    expect(parseConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).oauth.github).toEqual({
      clientId: 'id',
      clientSecret: 's',
    });
  });

  it('parses the sign-in abuse controls and OAuth base URLs', () => {
    const defaults = parseConfig({});
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.authRateLimit).toBe(10);
    expect(defaults.oauth.baseUrls).toEqual({ google: undefined, github: undefined });
    const set = parseConfig({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT: '50',
      GITHUB_OAUTH_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(set).toMatchObject({
      trustProxy: true,
      authRateLimit: 50,
      oauth: { baseUrls: { github: 'http://127.0.0.1:9' } },
    });
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ AUTH_RATE_LIMIT: '0' })).toThrow(/AUTH_RATE_LIMIT/);
    expect(() => parseConfig({ GOOGLE_OAUTH_BASE_URL: 'not a url' })).toThrow(/GOOGLE_OAUTH_BASE_URL/);
  });
});
