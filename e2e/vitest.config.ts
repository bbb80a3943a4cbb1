import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    // A loaded CI machine can take seconds to render a lazily loaded screen; poll for up to 15 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default', ['json', { outputFile: 'test-results/e2e.json' }]],
  },
});
