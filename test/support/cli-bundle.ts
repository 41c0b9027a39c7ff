// How the tests start `keel` as a child process. `npm run keel` runs `node --import tsx
// src/cli/keel.ts`, and tsx compiles the CLI's ~150 modules on every start (about 2 s here, most of
// a CLI test's time). The vitest global setup (cli-bundle-setup.ts) bundles the same source once per
// run with esbuild (what tsx itself transforms with) and the tests start that file with plain
// `node`. Packages stay external, so the CLI loads the same better-sqlite3, zod and MCP SDK.
// The npm script itself is still run as a user runs it by the tests that need exactly that path
// (keel-replay.test.ts, keel-chat-sigint.test.ts).
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inject } from 'vitest'

export const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const KEEL_CLI_SOURCE = join(REPO_ROOT, 'src/cli/keel.ts')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI the global setup wrote for this run ('' when it could not). */
    keelCliBundle: string
  }
}

/** The command and leading arguments that start `keel` (the bundle when present, else tsx). */
export function keelCommand(nodeOptions: string[] = []): { command: string; args: string[] } {
  const bundle = inject('keelCliBundle')
  if (bundle && existsSync(bundle)) return { command: process.execPath, args: [...nodeOptions, bundle] }
  return { command: process.execPath, args: [...nodeOptions, '--import', 'tsx', KEEL_CLI_SOURCE] }
}
