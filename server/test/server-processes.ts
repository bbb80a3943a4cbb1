import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/types.ts';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from './harness.ts';

/**
 * Real server processes (`node --import tsx server/main.ts`) on one shared PostgreSQL database, for
 * the tests that prove a rule holds across servers (no double booking, gapless document numbers).
 */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
  stderr: string[];
}

/** `count` servers on the test's own PostgreSQL database (the one `db` is connected to), healthy. */
export async function startSharedServers(db: Kysely<Database>, databaseUrl: string, count: number) {
  const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]?.name;
  const shared = new URL(databaseUrl);
  shared.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-servers-'));
  const ports = await Promise.all(Array.from({ length: count }, freePort));
  const servers = ports.map((port) => startServer(port, shared.toString(), dataDir));
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map(waitUntilHealthy));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function startServer(port: number, databaseUrl: string, dataDir: string): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Production refuses to start without SMTP; these servers only book (mail goes to the dev mailbox).
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: path.join(dataDir, String(port)),
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return { url, process: child, stderr };
}

export async function waitUntilHealthy(server: { url: string; process: ChildProcess; stderr: string[] }) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`server ${server.url} exited (${server.process.exitCode}): ${server.stderr.join('')}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${server.url} did not become healthy: ${server.stderr.join('')}`);
}

export async function stopServer(server: { process: ChildProcess }) {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function signInOn(server: { url: string }, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in on ${server.url}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error(`sign-in on ${server.url} set no session cookie`);
  return cookie;
}

/**
 * For a describe block: a test app and `count` server processes on its PostgreSQL database, started
 * before the tests and stopped after. Read `t` and `servers` inside the tests.
 */
export function useSharedServers(databaseUrl: string, count = 2): { t: TestApp; servers: ServerProcess[] } {
  let t: TestApp | undefined;
  let servers: ServerProcess[] = [];
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    t = await createTestApp();
    const started = await startSharedServers(t.db, databaseUrl, count);
    servers = started.servers;
    stop = started.stop;
  }, 180_000);
  afterAll(async () => {
    await stop();
    await t?.close();
  }, 60_000);
  return {
    get t() {
      if (!t) throw new Error('useSharedServers: read t inside a test, after beforeAll');
      return t;
    },
    get servers() {
      return servers;
    },
  };
}
