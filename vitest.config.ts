import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'tools/**/*.test.ts'],
    setupFiles: ['test/support/no-network.ts'],
    // The browser suites drive the built web app: it is built first when missing or stale.
    globalSetup: ['test/support/web-build.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
