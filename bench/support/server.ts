/**
 * The app as a browser meets it, for the web benches (`bench:web-requests`, `bench:lighthouse`): the
 * real server (`node --import tsx server/main.ts`) serving the existing build in dist/web, on a free
 * port with a throwaway DATA_DIR (embedded database, demo data), as the journeys' global setup runs
 * it. Builds nothing: run `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_DIST = path.join(REPO_ROOT, 'dist/web');

/** The demo client (server/db/seed/demo-accounts.ts), who may open the booking page. */
export const DEMO_CLIENT = { email: 'lerato@rentza.test', password: 'Client#2026' };

export interface BenchServer {
  /** e.g. http://localhost:41234 (the server's PUBLIC_URL: sign-in checks the origin). */
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

/** Starts the server on the build in dist/web (which must exist) and waits until it answers. */
export async function startServer(): Promise<BenchServer> {
  if (!existsSync(path.join(WEB_DIST, '.vite/route-preloads.json'))) {
    throw new Error('No web build in dist/web: run `npm run build` first.');
  }
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-web-bench-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development', // production needs SMTP and a PostgreSQL database; the web files are the same
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: WEB_DIST,
      DEMO_DATA: 'true',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Signs in through the API; returns the Cookie header value of the session. */
export async function signIn(url: string, account = DEMO_CLIENT): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  });
  if (!response.ok)
    throw new Error(`sign-in ${account.email}: HTTP ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error(`sign-in ${account.email}: no session cookie`);
  return cookie;
}

/** A published listing's id, from the public search. */
export async function aListingId(url: string): Promise<string> {
  const response = await fetch(`${url}/api/properties`);
  if (!response.ok) throw new Error(`GET /api/properties: HTTP ${response.status}`);
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  const first = items[0];
  if (!first) throw new Error('GET /api/properties listed no property (demo data missing?)');
  return first.id;
}

/** The pages the web benches open: home, a listing, and the booking page (signed in as the demo client). */
export interface BenchPage {
  name: string;
  path: string;
  /** Cookie header value to send (the booking page needs a session). */
  cookie?: string;
}

export async function benchPages(url: string): Promise<BenchPage[]> {
  const id = await aListingId(url);
  const cookie = await signIn(url);
  return [
    { name: 'home', path: '/' },
    { name: 'listing', path: `/property/${id}` },
    { name: 'booking', path: `/reservation/${id}`, cookie },
  ];
}

/** Runs `work` against a started server, stopping it afterwards (and on Ctrl-C). */
export async function withServer<T>(work: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startServer();
  const interrupt = () => void server.stop().then(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    return await work(server);
  } finally {
    process.off('SIGINT', interrupt);
    await server.stop();
  }
}
