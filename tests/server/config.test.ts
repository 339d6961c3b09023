import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const SECRET = 'a-production-secret-that-is-long-enough-123';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      DATABASE_URL: undefined,
      PGLITE_DATA_DIR: 'data/pglite',
      ADMIN_EMAILS: ['admin@learntogether.test'],
      FIREBASE_PROJECT_ID: 'demo-learntogether',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      SPA_DIR: 'dist',
      SERVE_SPA: false,
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_EMULATOR_URL: undefined,
      TRUST_PROXY: false,
    });
    expect(config.ACCESS_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('is silent in tests and serves the SPA in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('silent');
    const production = loadConfig({ NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET });
    expect(production.SERVE_SPA).toBe(true);
    expect(production.ACCESS_TOKEN_SECRET).toBe(SECRET);
    expect(
      loadConfig({ NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET, SERVE_SPA: 'false' })
        .SERVE_SPA,
    ).toBe(false);
  });

  it('reads and normalises every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.2',
      PORT: '8080',
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      PGLITE_DATA_DIR: 'memory://',
      ADMIN_EMAILS: ' Boss@Example.com, second@example.com ,boss@example.com,',
      FIREBASE_PROJECT_ID: 'my-project',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      SPA_DIR: 'build/web',
      SERVE_SPA: '1',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      HOST: '127.0.0.2',
      PORT: 8080,
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      PGLITE_DATA_DIR: 'memory://',
      ADMIN_EMAILS: ['boss@example.com', 'second@example.com'],
      FIREBASE_PROJECT_ID: 'my-project',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      SPA_DIR: 'build/web',
      SERVE_SPA: true,
      LOG_LEVEL: 'debug',
    });
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: ' ', ADMIN_EMAILS: '', NODE_ENV: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.ADMIN_EMAILS).toEqual(['admin@learntogether.test']);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.ADMIN_EMAILS)).toBe(true);
  });

  it('uses a random per-process secret in production when none is configured', () => {
    const first = loadConfig({ NODE_ENV: 'production' });
    const second = loadConfig({ NODE_ENV: 'production' });
    expect(first.ACCESS_TOKEN_SECRET_IS_EPHEMERAL).toBe(true);
    expect(first.ACCESS_TOKEN_SECRET).toMatch(/^[0-9a-f]{96}$/);
    expect(second.ACCESS_TOKEN_SECRET).not.toBe(first.ACCESS_TOKEN_SECRET);
    expect(first.ACCESS_TOKEN_SECRET).not.toBe(loadConfig({}).ACCESS_TOKEN_SECRET);
    expect(
      loadConfig({ NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET })
        .ACCESS_TOKEN_SECRET_IS_EPHEMERAL,
    ).toBe(false);
    expect(loadConfig({}).ACCESS_TOKEN_SECRET_IS_EPHEMERAL).toBe(false);
  });

  it('refuses the development secret in production', () => {
    const devSecret = loadConfig({}).ACCESS_TOKEN_SECRET;
    expect(() => loadConfig({ NODE_ENV: 'production', ACCESS_TOKEN_SECRET: devSecret })).toThrow(
      /ACCESS_TOKEN_SECRET: The development secret/,
    );
  });

  it('refuses the Auth Emulator in production, whatever the project', () => {
    const production = { NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET };
    for (const project of [{}, { FIREBASE_PROJECT_ID: 'my-real-project' }]) {
      expect(() =>
        loadConfig({ ...production, ...project, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
      ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: Not allowed in production/);
    }
    expect(
      loadConfig({ ...production, FIREBASE_PROJECT_ID: 'my-real-project' }).FIREBASE_PROJECT_ID,
    ).toBe('my-real-project');
  });

  it('keeps a server using the Auth Emulator on loopback', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    for (const NODE_ENV of ['development', 'test']) {
      for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'shop.example.com']) {
        expect(() => loadConfig({ NODE_ENV, HOST, ...emulator })).toThrow(
          /HOST: With FIREBASE_AUTH_EMULATOR_HOST set the server listens on loopback only/,
        );
      }
      for (const HOST of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
        expect(loadConfig({ NODE_ENV, HOST, ...emulator }).HOST).toBe(HOST);
      }
      // The default HOST is loopback.
      expect(loadConfig({ NODE_ENV, ...emulator }).HOST).toBe('127.0.0.1');
    }
    // Without the emulator, any address.
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('names every invalid variable in one error', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'staging',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        ACCESS_TOKEN_SECRET: 'short',
        ADMIN_EMAILS: 'admin@example.com,not-an-email',
        FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
        SERVE_SPA: 'maybe',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toMatch(/^Invalid environment variables:/);
    for (const name of [
      'NODE_ENV',
      'PORT',
      'DATABASE_URL',
      'ACCESS_TOKEN_SECRET',
      'ADMIN_EMAILS',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'SERVE_SPA',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });

  describe('Stripe', () => {
    it('reads the keys and the emulator’s origin', () => {
      const config = loadConfig({
        STRIPE_SECRET_KEY: ' sk_test_51AbC ',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111/',
      });
      expect(config).toMatchObject({
        STRIPE_SECRET_KEY: 'sk_test_51AbC',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_EMULATOR_URL: 'http://127.0.0.1:12111',
      });
      for (const key of ['sk_live_x1', 'rk_test_x1', 'rk_live_x1']) {
        expect(loadConfig({ STRIPE_SECRET_KEY: key }).STRIPE_SECRET_KEY).toBe(key);
      }
      expect(
        loadConfig({ STRIPE_EMULATOR_URL: 'https://stripe.local:8443' }).STRIPE_EMULATOR_URL,
      ).toBe('https://stripe.local:8443');
    });

    it.each([
      ['STRIPE_SECRET_KEY', 'pk_test_123', /STRIPE_SECRET_KEY: Expected a Stripe secret key/],
      ['STRIPE_SECRET_KEY', 'sk_123', /STRIPE_SECRET_KEY: Expected a Stripe secret key/],
      ['STRIPE_WEBHOOK_SECRET', 'secret', /STRIPE_WEBHOOK_SECRET: Expected a Stripe webhook/],
      ['STRIPE_EMULATOR_URL', '127.0.0.1:12111', /STRIPE_EMULATOR_URL: Expected an http/],
      ['STRIPE_EMULATOR_URL', 'ftp://127.0.0.1:12111', /STRIPE_EMULATOR_URL: Expected an http/],
      ['STRIPE_EMULATOR_URL', 'http://127.0.0.1:12111/v1', /STRIPE_EMULATOR_URL: .*without a path/],
    ])('refuses %s=%s', (name, value, message) => {
      expect(() => loadConfig({ [name]: value })).toThrow(message);
    });

    it('treats blank Stripe variables as unset (card payment off)', () => {
      const config = loadConfig({
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: ' ',
        STRIPE_EMULATOR_URL: '',
      });
      expect(config.STRIPE_SECRET_KEY).toBeUndefined();
      expect(config.STRIPE_WEBHOOK_SECRET).toBeUndefined();
      expect(config.STRIPE_EMULATOR_URL).toBeUndefined();
    });

    it('refuses the Stripe emulator in production, and allows it in tests', () => {
      const production = { NODE_ENV: 'production', ACCESS_TOKEN_SECRET: SECRET };
      expect(() =>
        loadConfig({ ...production, STRIPE_EMULATOR_URL: 'http://127.0.0.1:12211' }),
      ).toThrow(/STRIPE_EMULATOR_URL: Not allowed in production/);
      // The e2e stack runs the compiled server with NODE_ENV=test for this reason.
      expect(
        loadConfig({ NODE_ENV: 'test', STRIPE_EMULATOR_URL: 'http://127.0.0.1:12211' })
          .STRIPE_EMULATOR_URL,
      ).toBe('http://127.0.0.1:12211');
      expect(
        loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc' }).STRIPE_SECRET_KEY,
      ).toBe('sk_live_abc');
    });
  });

  describe('TRUST_PROXY', () => {
    it('is off unless set', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    });

    it('reads true, a hop count, and a list of addresses and ranges', () => {
      expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
      expect(loadConfig({ TRUST_PROXY: 'TRUE' }).TRUST_PROXY).toBe(true);
      expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadConfig({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toBe(2);
      const list = loadConfig({
        TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8, 127.0.0.1, 0.0.0.0/0,',
      }).TRUST_PROXY;
      expect(list).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0']);
      expect(Object.isFrozen(list)).toBe(true);
    });

    it.each([
      ['yes', /TRUST_PROXY: Expected true, false, a hop count .*; "yes" is none/],
      ['0', /TRUST_PROXY: A hop count is 1 or more/],
      ['-1', /TRUST_PROXY: Expected true, false, a hop count/],
      ['1.5', /TRUST_PROXY: Expected .*"1.5" is none/],
      ['300.1.1.1', /TRUST_PROXY: Expected .*"300.1.1.1" is none/],
      ['nginx.internal', /TRUST_PROXY: Expected .*"nginx.internal" is none/],
      ['10.0.0.0/33', /TRUST_PROXY: "10.0.0.0\/33": the prefix length of an IPv4 range is 0-32/],
      ['fd00::/129', /TRUST_PROXY: "fd00::\/129": the prefix length of an IPv6 range is 0-128/],
      ['10.0.0.0/', /TRUST_PROXY: "10.0.0.0\/": the prefix length/],
      ['10.0.0.0/8/1', /TRUST_PROXY: Expected .*"10.0.0.0\/8\/1" is none/],
      ['true,10.0.0.1', /TRUST_PROXY: Expected .*"true" is none/],
      [',', /TRUST_PROXY: Expected true, false, a hop count/],
    ])('refuses TRUST_PROXY=%s', (value, message) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
    });

    it('names every bad entry of a list', () => {
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, bad, 10.0.0.0/40' })).toThrow(
        /"bad" is none\n {2}- TRUST_PROXY: "10.0.0.0\/40"/,
      );
    });
  });

  it('rejects an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: Expected a port number/);
  });
});
