import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    pool: 'forks',
    // Bundles the CLI once per run, so the CLI tests start it with plain node (test/support/cli-bundle.ts).
    globalSetup: ['test/support/cli-bundle-setup.ts'],
    testTimeout: 60_000,
  },
})
