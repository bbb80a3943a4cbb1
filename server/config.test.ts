import { describe, expect, it } from 'vitest';
import { ConfigError, isDevMailboxEnabled, isSmtpConfigured, loadConfig } from './config.ts';

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
    const error = configError({ NODE_ENV: 'production', PUBLIC_URL: 'https://rentza.co.za' });
    expect(error.message).toBe(
      'Invalid configuration:\n  SMTP_URL: is required in production: without it emails would only be captured in the dev mailbox, which is never served in production',
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      ...RENTZA_SELLER,
    });
    expect(isDevMailboxEnabled(config)).toBe(false);
  });

  it('refuses to start in production without Rentza’s own VAT number and address (printed on its tax invoices)', () => {
    const error = configError({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' });
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
});
