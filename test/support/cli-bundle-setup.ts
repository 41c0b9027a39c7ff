// Vitest global setup: bundles the CLI once for the run (see cli-bundle.ts for why) and removes it
// after. The file lives under the repository (out/) so its bare imports resolve to node_modules.
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'

// Not imported from cli-bundle.ts: that module imports vitest's test API, which this main-process file must not.
const REPO_ROOT = resolve(import.meta.dirname, '../..')
const KEEL_CLI_SOURCE = join(REPO_ROOT, 'src/cli/keel.ts')

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = join(REPO_ROOT, 'out', 'test-cli')
  mkdirSync(dir, { recursive: true })
  // One file per run and project: two runs in one checkout must not overwrite each other's bundle.
  const outfile = join(dir, `keel-${process.pid}-${randomUUID()}.mjs`)
  await build({
    entryPoints: [KEEL_CLI_SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A linked map, not an inline one: an inline map is part of the source text V8 keeps in the
    // heap, and keel export's 32 MB-heap test ran out of memory on it as the CLI grew.
    sourcemap: 'linked',
    outfile,
    logLevel: 'error',
  })
  project.provide('keelCliBundle', outfile)
  return () => {
    rmSync(outfile, { force: true })
    rmSync(`${outfile}.map`, { force: true })
  }
}
