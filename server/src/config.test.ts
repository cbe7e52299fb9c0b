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
      PUBLIC_URL: 'https://spotless.example',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.embedded).toBe(false);
    expect(config.demo).toBe(false);
    expect(config.secureCookies).toBe(true);
  });

  it('refuses production without a real payment provider unless the loud opt-in is set', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'libsql://db.example.turso.io',
      PUBLIC_URL: 'https://spotless.example',
    };
    expect(() => parseConfig(production)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    expect(parseConfig({ ...production, UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true' }).unsafeTestPayments).toBe(true);
  });

  it('points the Stripe client at a replacement API only outside production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(parseConfig(stripe).stripe?.api).toBeUndefined();
    expect(parseConfig({ ...stripe, STRIPE_API_BASE_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() =>
      parseConfig({
        ...stripe,
        NODE_ENV: 'production',
        DATABASE_URL: 'libsql://db.example.turso.io',
        PUBLIC_URL: 'https://spotless.example',
        STRIPE_API_BASE_URL: 'http://127.0.0.1:12111',
      }),
    ).toThrow(/STRIPE_API_BASE_URL: a replacement Stripe API is never allowed in production/);
  });

  it('lets partners’ webhooks reach private addresses outside production only, unless set either way', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'libsql://db.example.turso.io',
      PUBLIC_URL: 'https://spotless.example',
      UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(parseConfig({}).webhookAllowPrivateUrls).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).webhookAllowPrivateUrls).toBe(true);
    expect(parseConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).webhookAllowPrivateUrls).toBe(false);
    expect(parseConfig(production).webhookAllowPrivateUrls).toBe(false);
    expect(parseConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).webhookAllowPrivateUrls).toBe(true);
    expect(() => parseConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_URLS/);
  });

  it('listens on loopback unless HOST is set, and keeps demo credentials to loopback', () => {
    expect(parseConfig({})).toMatchObject({ host: '127.0.0.1', demo: true });
    expect(parseConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', embedded: true, demo: false });
    expect(parseConfig({ HOST: '::1' }).demo).toBe(true);
  });

  it('is read-only once parsed', () => {
    const config = parseConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('serves source maps only outside production unless asked', () => {
    expect(parseConfig({}).serveSourceMaps).toBe(true);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'libsql://db.example.turso.io',
      PUBLIC_URL: 'https://spotless.example',
      UNSAFE_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(parseConfig(production).serveSourceMaps).toBe(false);
    expect(parseConfig({ ...production, SERVE_SOURCE_MAPS: 'true' }).serveSourceMaps).toBe(true);
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
