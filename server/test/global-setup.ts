import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate } from './postgres-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory shared by every test file of this run (the PGlite template lives here). */
    testRunDir: string;
    /** With TEST_DATABASE_URL: the migrated database each test database is copied from. */
    postgresTemplate: string;
  }
}

/** Runs once per `vitest run`: a scratch directory for the run and, on PostgreSQL, the template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rentza-test-run-'));
  project.provide('testRunDir', dir);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    await template?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
