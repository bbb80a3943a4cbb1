import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Component test files whose vi.mock factories replace one of the app's modules: without isolation
 * the mock would not apply when an earlier file had already imported the module, or would leak into
 * the files after it (web/test/setup.ts's own mocks are the same for every file).
 */
const WEB_FILES_MOCKING_MODULES = readdirSync('web', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('web', file.split(path.sep).join('/')))
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

/** What both component test projects run with. */
const componentTests = {
  environment: 'jsdom',
  setupFiles: ['web/test/setup.ts'],
  // Mantine components in jsdom can take seconds to render on a loaded 2-core machine.
  testTimeout: 15_000,
} satisfies { environment: 'jsdom'; setupFiles: string[]; testTimeout: number };

/**
 * Three projects: "unit" runs domain rules and the API against a real database in Node; "web" and
 * "web-isolated" (the files that mock modules) run component tests in jsdom. Server tests share one
 * migrated database template per run (see server/test/global-setup.ts and test-database.ts), on
 * PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one file at a time
    // while the other core idles. A test file's server, database (PGlite runs in the worker) and
    // requests all run in its worker, so one worker per core keeps both busy (docs/decisions/065).
    maxWorkers: Math.max(2, availableParallelism()),
    // better-auth logs every refused request (wrong password, duplicate email…) at error level; the
    // tests provoke hundreds on purpose. SHOW_AUTH_LOGS=1 shows them when debugging.
    onConsoleLog: (log) => (process.env.SHOW_AUTH_LOGS ? undefined : !log.includes('[Better Auth]')),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Server test files share nothing at module level that a file changes (no vi.mock; fake
          // timers are restored), so a worker runs file after file without re-importing the server
          // and its dependencies for each: about 1.5 s per file (docs/decisions/065).
          isolate: false,
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Starting a server on a fresh database takes about a second, far more on a loaded machine.
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...componentTests,
          name: 'web',
          include: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
          exclude: WEB_FILES_MOCKING_MODULES,
          // A worker keeps its jsdom and its imports (React, Mantine, the screens) from file to file
          // instead of building them again for each: the component tests take 83 s instead of 200 s
          // on 2 cores (docs/decisions/077). setup.ts resets what a file could leave behind in the
          // shared window; a file that replaces a module with vi.mock runs in "web-isolated".
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...componentTests, name: 'web-isolated', include: WEB_FILES_MOCKING_MODULES },
      },
    ],
  },
});
