import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BrowserServer, chromium as playwrightChromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The one Chromium every journey file connects to (launchBrowser in browser.ts). */
    browserEndpoint: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`Server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('Server did not become healthy in time');
}

/** Builds the web app and starts an `npm start`-style server on a free port with a fresh database. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    const message = 'No Chromium found (install Debian `chromium`): the browser journeys cannot run.';
    if (process.env.REQUIRE_E2E === '1') throw new Error(message);
    console.warn(`\n${'!'.repeat(80)}\n!! SKIPPING BROWSER JOURNEYS. ${message}\n${'!'.repeat(80)}\n`);
  }
  project.provide('chromiumPath', chromium ?? '');
  if (!chromium) {
    project.provide('baseUrl', '');
    project.provide('browserEndpoint', '');
    return;
  }

  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the
  // journeys drive what users get. CI has just made the same production build for the bundle
  // budget (bench:web) and says so with E2E_REUSE_BUILD=1.
  const reuse = process.env.E2E_REUSE_BUILD === '1' && existsSync('dist/web/index.html');
  if (!reuse)
    execSync('npx vite build --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  // E2E_PORT pins the server's port (a shared machine may set aside a range); a free one otherwise.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-e2e-'));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  // The journeys drive what `npm start` runs, embedded PGlite, even when TEST_DATABASE_URL puts the
  // unit and API suites on PostgreSQL (CI does: docs/decisions/076); E2E_DATABASE_URL moves them.
  const serverDatabase = process.env.E2E_DATABASE_URL || undefined;
  if (serverDatabase) {
    databaseName = `rentza_e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverDatabase });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(serverDatabase);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // No PUBLIC_URL, as a fresh clone runs: it defaults to http://localhost:PORT (so links in emails
      // are the same), and the same server also works opened at http://127.0.0.1:PORT.
      PUBLIC_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Every journey signs up and signs in from 127.0.0.1; the per-address throttles are tested (at
      // their production values) in server/platform/auth-throttle.test.ts.
      SIGN_UPS_PER_ADDRESS: '1000',
      SIGN_IN_FAILURES_PER_ADDRESS: '1000',
      ACCOUNT_EMAILS_PER_ADDRESS: '1000',
      // TEST ONLY: the calendar-import journey serves its .ics files from a fixture server on this
      // machine, which the import's address policy refuses otherwise (docs/decisions/053). Only
      // 127.0.0.1 is allowed; loopback by any other address, private ranges and metadata stay refused.
      CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      // The online-payments journey waits for a balance reminder: the job looks every 2 seconds here
      // (each reminder still goes out once), instead of every 5 minutes.
      PAYMENT_REMINDERS_EVERY_SECONDS: '2',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // One Chromium for the run: each journey file connects to it and gets contexts of its own, instead
  // of launching a browser of its own (about a hundred launches a run; docs/decisions/077).
  const browserLaunch = playwrightChromium.launchServer({ executablePath: chromium, args: CHROMIUM_ARGS });
  browserLaunch.catch(() => {}); // awaited below, after the server's health
  let browserServer: BrowserServer;
  try {
    await waitForHealth(baseUrl, server);
    browserServer = await browserLaunch;
  } catch (error) {
    server.kill('SIGTERM');
    await browserLaunch.then(
      (launched) => launched.close(),
      () => {},
    );
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('browserEndpoint', browserServer.wsEndpoint());

  return async () => {
    await browserServer.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName && serverDatabase) {
      const admin = new pg.Client({ connectionString: serverDatabase });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  };
}
