import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  isDevMailboxEnabled,
  isPayfastSimulatorServed,
  isSmtpConfigured,
  loadConfig,
} from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw');
}

const RENTZA_SELLER = { RENTZA_VAT_NUMBER: '4123456789', RENTZA_ADDRESS: '12 Long Street, Cape Town, 8001' };
const PAYFAST_SANDBOX = {
  PAYFAST_MODE: 'sandbox',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
};
/** 32 bytes, base64, as `openssl rand -base64 32` prints (a test value, never a real key). */
const CREDENTIALS_KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION_SITE = {
  PUBLIC_URL: 'https://rentza.co.za',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  PAYMENT_CREDENTIALS_KEY: CREDENTIALS_KEY,
};
/** The smallest environment production accepts. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  ...PRODUCTION_SITE,
  ...RENTZA_SELLER,
  ...PAYFAST_SANDBOX,
};

describe('loadConfig', () => {
  it('runs with nothing configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      PAYFAST_MODE: 'simulator',
      LOG_LEVEL: 'info',
      DEMO_DATA: true,
      API_DOCS: true,
      TRUST_PROXY: false,
      WEB_DIST_DIR: './dist/web',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(isSmtpConfigured(config)).toBe(false);
  });

  it('parses numbers and flags and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080', DEMO_DATA: 'false', SMTP_URL: 'smtp://mail.example:587' });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.DEMO_DATA).toBe(false);
    expect(isSmtpConfigured(config)).toBe(true);
    expect(loadConfig({ DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rentza.co.za/' }).PUBLIC_URL).toBe('https://rentza.co.za');
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', AUTH_SECRET: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['PAYFAST_MODE', { PAYFAST_MODE: 'production' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['DEMO_DATA', { DEMO_DATA: 'yes' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
  ])('refuses a bad %s with an error naming it', (name, env) => {
    const error = configError(env);
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`${name}:`);
  });

  it('names only the bad variables', () => {
    const error = configError({ PORT: 'abc', HOST: 'example.org' });
    expect(error.message).toContain('PORT:');
    expect(error.message).not.toContain('HOST');
  });

  it('names the missing S3 settings when only some are given', () => {
    const error = configError({ S3_BUCKET: 'rentza-images' });
    expect(error.message).toContain('S3_ACCESS_KEY_ID: is required when any S3_* setting is given');
    expect(error.message).toContain('S3_SECRET_ACCESS_KEY: is required when any S3_* setting is given');
    expect(error.message).not.toContain('S3_BUCKET:');
    expect(() =>
      loadConfig({ S3_BUCKET: 'rentza-images', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).not.toThrow();
  });

  it('refuses to start in production without SMTP, with a message saying why', () => {
    const error = configError({
      NODE_ENV: 'production',
      ...PRODUCTION_SITE,
      ...RENTZA_SELLER,
      ...PAYFAST_SANDBOX,
    });
    expect(error.message).toBe(
      'Invalid configuration:\n  SMTP_URL: is required in production: without it emails would only be captured in the dev mailbox, which is never served in production',
    );
    const config = loadConfig(PRODUCTION);
    expect(isDevMailboxEnabled(config)).toBe(false);
  });

  it('refuses to start in production without Rentza’s own VAT number and address (printed on its tax invoices)', () => {
    const error = configError({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      ...PRODUCTION_SITE,
      ...PAYFAST_SANDBOX,
    });
    expect(error.message).toBe(
      'Invalid configuration:\n  RENTZA_VAT_NUMBER: is required in production (it is printed on Rentza tax invoices)\n  RENTZA_ADDRESS: is required in production (it is printed on Rentza tax invoices)',
    );
    expect(configError({ PAYFAST_MODE: 'live', PAYFAST_MERCHANT_ID: '10000100' }).message).toBe(
      'Invalid configuration:\n  PAYFAST_MERCHANT_KEY: is required when PAYFAST_MODE is live (subscriptions need a passphrase)\n  PAYFAST_PASSPHRASE: is required when PAYFAST_MODE is live (subscriptions need a passphrase)',
    );
    expect(configError({ RENTZA_VAT_NUMBER: '123' }).message).toContain(
      'RENTZA_VAT_NUMBER: must be a South African VAT number: 10 digits starting with 4',
    );
  });

  it('serves the dev mailbox only without SMTP and outside production', () => {
    expect(isDevMailboxEnabled(loadConfig({}))).toBe(true);
    expect(isDevMailboxEnabled(loadConfig({ NODE_ENV: 'test' }))).toBe(true);
    expect(isDevMailboxEnabled(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }))).toBe(false);
  });

  it('records whether PUBLIC_URL was given', () => {
    expect(loadConfig({}).publicUrlConfigured).toBe(false);
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrlConfigured).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://rentza.co.za' }).publicUrlConfigured).toBe(true);
  });

  it('refuses production without PUBLIC_URL or AUTH_SECRET, saying why each is needed', () => {
    const { PUBLIC_URL, AUTH_SECRET, ...withoutSite } = PRODUCTION;
    expect([PUBLIC_URL, AUTH_SECRET].every(Boolean)).toBe(true);
    expect(configError(withoutSite).message).toBe(
      'Invalid configuration:\n  PUBLIC_URL: is required in production (links in emails and PayFast callbacks use it, and only its origin may sign in or send changes)\n  AUTH_SECRET: is required in production (sessions are signed with it; a secret generated into DATA_DIR differs on every server and is lost with the disk)',
    );
    expect(loadConfig(PRODUCTION).publicUrlConfigured).toBe(true);
  });

  it('refuses production without PAYMENT_CREDENTIALS_KEY (owners’ PayFast secrets are encrypted with it)', () => {
    const { PAYMENT_CREDENTIALS_KEY, ...withoutKey } = PRODUCTION;
    expect(PAYMENT_CREDENTIALS_KEY).toBe(CREDENTIALS_KEY);
    expect(configError(withoutKey).message).toBe(
      "Invalid configuration:\n  PAYMENT_CREDENTIALS_KEY: is required in production (owners' PayFast merchant keys and passphrases are encrypted with it; without it they could not be read back)",
    );
    expect(loadConfig(PRODUCTION).PAYMENT_CREDENTIALS_KEY).toBe(CREDENTIALS_KEY);
  });

  it.each([
    ['too short', Buffer.alloc(16, 1).toString('base64')],
    ['too long', Buffer.alloc(48, 1).toString('base64')],
  ])('refuses a PAYMENT_CREDENTIALS_KEY that is %s (AES-256 needs 32 bytes)', (_why, key) => {
    for (const env of [PRODUCTION, {}])
      expect(configError({ ...env, PAYMENT_CREDENTIALS_KEY: key }).message).toBe(
        'Invalid configuration:\n  PAYMENT_CREDENTIALS_KEY: must be 32 random bytes, base64-encoded',
      );
  });

  it('refuses production without PAYFAST_MODE, naming it (the simulator is never the default there)', () => {
    const { PAYFAST_MODE: _mode, ...withoutMode } = PRODUCTION;
    expect(configError(withoutMode).message).toBe(
      'Invalid configuration:\n  PAYFAST_MODE: is required in production: set sandbox or live (the simulator is for development only)',
    );
    const withoutPayfast = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      ...RENTZA_SELLER,
    };
    expect(configError(withoutPayfast).message).toContain('PAYFAST_MODE: is required in production');
    expect(loadConfig(PRODUCTION).PAYFAST_MODE).toBe('sandbox');
  });

  it('refuses the PayFast simulator in production', () => {
    expect(configError({ ...PRODUCTION, PAYFAST_MODE: 'simulator' }).message).toBe(
      'Invalid configuration:\n  PAYFAST_MODE: must be sandbox or live in production: the simulator would let anyone complete a payment without paying',
    );
    expect(isPayfastSimulatorServed(loadConfig({}))).toBe(true);
    expect(isPayfastSimulatorServed(loadConfig({ ...PAYFAST_SANDBOX }))).toBe(false);
    expect(isPayfastSimulatorServed({ ...loadConfig({}), NODE_ENV: 'production' })).toBe(false);
  });

  it('never seeds demo data in production: off by default there, and DEMO_DATA=true refused', () => {
    expect(loadConfig(PRODUCTION).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(configError({ ...PRODUCTION, DEMO_DATA: 'true' }).message).toBe(
      'Invalid configuration:\n  DEMO_DATA: must be false in production: the demo accounts have published passwords',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(true);
  });

  it('calendar import fetches public addresses only: the test allowance is empty by default and refused in production', () => {
    expect(loadConfig({}).CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS).toEqual([]);
    expect(
      loadConfig({ CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1, 127.0.0.1:4100' })
        .CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS,
    ).toEqual(['127.0.0.1', '127.0.0.1:4100']);
    expect(configError({ ...PRODUCTION, CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' }).message).toBe(
      'Invalid configuration:\n  CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: must be empty in production: it lets owners make the server fetch internal addresses (test fixtures only)',
    );
  });

  it('hides the API docs in production unless API_DOCS is set', () => {
    expect(loadConfig(PRODUCTION).API_DOCS).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(configError({ API_DOCS: 'maybe' }).message).toContain('API_DOCS:');
  });

  it.each([
    [undefined, false],
    ['off', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1,fd00::/8', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1', '1000', 'proxy.example'])(
    'refuses TRUST_PROXY=%s (trusting any caller is not an option)',
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toMatch(
        /^Invalid configuration:\n {2}TRUST_PROXY: must be off, a number/,
      );
    },
  );
});
