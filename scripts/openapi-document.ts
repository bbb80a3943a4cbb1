import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { startRuntime } from '../server/runtime.ts';

/**
 * The OpenAPI document the app serves at /api/docs/json, from the app built in-process on a throwaway
 * in-memory database (development settings, so every route a development server has is in it).
 */
export async function servedOpenApiDocument(): Promise<ReturnType<FastifyInstance['swagger']>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    AUTH_SECRET: 'openapi-lint-secret-not-used-for-anything-0123456789',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const runtime = await startRuntime(config, {
    database,
    logger: pino({ level: 'silent' }),
    simulatedBilling: false,
    lifecycle: false,
  });
  try {
    await runtime.app.ready();
    return runtime.app.swagger();
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
