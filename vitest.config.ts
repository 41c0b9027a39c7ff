import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Most files spend
    // their time waiting on a child process, a socket or a timer, so two workers there use both
    // cores (KEEL_TEST_WORKERS overrides).
    maxWorkers: Number(process.env.KEEL_TEST_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // Bundles the CLI once per run, so the CLI tests start it with plain node (test/support/cli-bundle.ts).
    globalSetup: ['test/support/cli-bundle-setup.ts'],
    testTimeout: 60_000,
  },
})
