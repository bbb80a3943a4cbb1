/** The booking bench's server processes (bench/booking.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../support/server.ts';
import { type HttpTarget, request } from './http.ts';
import { log, sleep } from './log.ts';

export interface Server extends HttpTarget {
  index: number;
  child: ChildProcess;
  output: string[];
}

/** How the bench runs its servers: the checkout, their shared secret, the profiler, the client sockets. */
export interface ServerSettings {
  root: string;
  authSecret: string;
  cpuProfile: boolean;
  maxSockets: number;
}

/**
 * Starts one server process (`node --import tsx server/main.ts` in `settings.root`) on a free port with
 * the dev mailbox or `smtpUrl`, and waits until it answers /api/health.
 */
export async function startServer(
  index: number,
  databaseUrl: string,
  dataDir: string,
  smtpUrl: string | null,
  settings: ServerSettings,
): Promise<Server> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key === 'SMTP_URL' || key.startsWith('S3_') || key === 'DEMO_DATA') delete env[key];
  }
  Object.assign(env, {
    NODE_ENV: 'development', // production needs SMTP; these servers capture mail in the dev mailbox
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, `server-${index}`),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    AUTH_SECRET: settings.authSecret,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  });
  const profileArgs = settings.cpuProfile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profiles')}`]
    : [];
  const child = spawn(process.execPath, [...profileArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: settings.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.maxSockets });
  const server: Server = { index, port, publicUrl, agent, child, output };

  const deadline = performance.now() + 90_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server ${index} exited with ${child.exitCode}:\n${output.join('\n')}`);
    }
    try {
      const health = await request(server, 'GET', '/api/health');
      if (health.status === 200) {
        log(`server ${index}: pid ${child.pid}, ${publicUrl} healthy`);
        return server;
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server ${index} not healthy after 90 s:\n${output.join('\n')}`);
}

export async function stopServer(server: Server): Promise<void> {
  server.agent.destroy();
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
