import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    // A journey's limit only catches a hang: each step inside it has its own bound (polls 15 s, page
    // waits up to 30 s). The longest journeys took 85–90 s on a slow day of this 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    // A worker imports Playwright and the journeys' helpers once, not again for every file: the files
    // share no state but the run's server and Chromium (global-setup.ts), which they only connect to.
    isolate: false,
    // A loaded CI machine can take seconds to render a lazily loaded screen; poll for up to 15 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default', ['json', { outputFile: 'test-results/e2e.json' }]],
  },
});
