import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files that need a fresh module graph each: they replace modules (`vi.mock`: the shell's fake
 * Electron), change globals or timers, or test module state that loads once (the renderer's
 * on-demand highlighter and math). Every other file runs in a shared graph per worker
 * (`isolate: false`): loading the same modules once per worker instead of once per file halves the
 * suite's time here, and those files keep no module state between them.
 */
const NEEDS_ISOLATION = [
  'test/renderer/**/*.test.ts',
  'test/main/shell/**/*.test.ts',
  'test/main/providers/framing/linear-work.test.ts',
  'test/main/app/import-in-slices.test.ts',
]

export default defineConfig({
  test: {
    environment: 'node',
    exclude: ['test/e2e/**', 'node_modules/**'],
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Most files spend
    // their time waiting on a child process, a socket or a timer, so two workers there use both
    // cores (KEEL_TEST_WORKERS overrides).
    maxWorkers: Number(process.env.KEEL_TEST_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // Bundles the CLI once per run, so the CLI tests start it with plain node (test/support/cli-bundle.ts).
    globalSetup: ['test/support/cli-bundle-setup.ts'],
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: NEEDS_ISOLATION, isolate: true } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**', ...NEEDS_ISOLATION],
          isolate: false,
        },
      },
    ],
  },
})
