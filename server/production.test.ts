import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.ts';
import { SANDBOX_MERCHANT } from './platform/payments/payfast-gateway.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/** The smallest environment production accepts (PayFast's public sandbox merchant). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  RENTZA_VAT_NUMBER: '4123456789',
  RENTZA_ADDRESS: '12 Long Street, Cape Town, 8001',
  PAYFAST_MODE: 'sandbox',
  PAYFAST_MERCHANT_ID: SANDBOX_MERCHANT.id,
  PAYFAST_MERCHANT_KEY: SANDBOX_MERCHANT.key,
  PAYFAST_PASSPHRASE: SANDBOX_MERCHANT.passphrase,
  PAYMENT_CREDENTIALS_KEY: Buffer.alloc(32, 3).toString('base64'),
};

const SIMULATOR_ROUTES = [
  ['POST', '/payfast-simulator/eng/process'],
  ['POST', '/payfast-simulator/eng/process/decision'],
  ['GET', '/payfast-simulator/eng/recurring/update/5f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b'],
  ['PUT', '/payfast-simulator/api/subscriptions/5f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/cancel'],
  ['GET', '/payfast-simulator/api/ping'],
  ['GET', '/payfast-simulator/merchants'],
  ['POST', '/payfast-simulator/merchants'],
] as const;

let production: TestApp;
let documented: TestApp;
let development: TestApp;
beforeAll(async () => {
  [production, documented, development] = await Promise.all([
    // Demo data forced on past the configuration check: the runtime still does not seed it.
    createTestApp({ env: PRODUCTION, configure: (config) => ({ ...config, DEMO_DATA: true }) }),
    createTestApp({ env: { ...PRODUCTION, API_DOCS: 'true' } }),
    createTestApp(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([production?.close(), documented?.close(), development?.close()]);
});

describe('the server refuses to start in production', () => {
  it('without PAYFAST_MODE (the simulator is never the default), naming the variable', () => {
    const { PAYFAST_MODE: _mode, ...withoutPayfastMode } = PRODUCTION;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-production-'));
    try {
      for (const env of [withoutPayfastMode, { ...PRODUCTION, PAYFAST_MODE: 'simulator' }]) {
        const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env: { PATH: process.env.PATH, ...env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(started.status).toBe(1);
        expect(started.stderr).toMatch(
          /Invalid configuration:\n {2}PAYFAST_MODE: (is required|must be sandbox or live) in production/,
        );
        expect(started.stdout).not.toContain('Rentza is running');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('in production', () => {
  it('never seeds the demo accounts, and the demo admin cannot sign in', async () => {
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const seeded = await production.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    expect(seeded).toEqual([]);
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
    expect((await production.attemptSignIn(admin?.email ?? '', admin?.password ?? '')).statusCode).toBe(401);
  });

  it('never prints a password in the banner', () => {
    const banner = startupBanner(
      { ...production.config, DEMO_DATA: true },
      { databaseKind: 'postgres', seeded: false },
    );
    for (const account of DEMO_ACCOUNTS) expect(banner).not.toContain(account.password);
    expect(banner).not.toContain('/api/docs');
    expect(banner).not.toContain('mailbox');
  });

  it.each(SIMULATOR_ROUTES)('serves no PayFast simulator route: %s %s', async (method, url) => {
    for (const t of [production, documented]) {
      const response = await t.request(method, url, { body: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('NOT_FOUND');
    }
  });

  it('serves no dev mailbox', async () => {
    expect((await production.get('/api/dev/mailbox')).statusCode).toBe(404);
  });

  it('hides /api/docs and its JSON document unless API_DOCS=true', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect((await production.get(url)).statusCode, url).toBe(404);
    }
    expect((await documented.get('/api/docs/json')).statusCode).toBe(200);
    expect([200, 302]).toContain((await documented.get('/api/docs')).statusCode);
    // The document itself stays available inside the server.
    expect(Object.keys((production.app.swagger() as { paths: object }).paths)).toContain('/api/me');
  });
});

describe('outside production', () => {
  it.each(SIMULATOR_ROUTES)(
    'the simulator is served in simulator mode (the default): %s %s',
    async (method, url) => {
      const response = await development.request(method, url, { body: {} });
      expect(response.statusCode).not.toBe(404);
    },
  );

  it('the banner lists the demo accounts when demo data is on', () => {
    const banner = startupBanner(loadConfig({}), { databaseKind: 'pglite', seeded: true });
    for (const account of DEMO_ACCOUNTS) expect(banner).toContain(account.password);
    expect(banner).toContain('/api/docs');
  });
});
