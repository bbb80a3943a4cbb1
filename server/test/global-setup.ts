import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A directory shared by every test file of this run (the PGlite template lives here). */
    testRunDir: string;
  }
}

/** Runs once per `vitest run`: a scratch directory for the run, removed at the end. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'rentza-test-run-'));
  project.provide('testRunDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
