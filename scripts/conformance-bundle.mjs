// Bundles the keel CLI once with esbuild (packages stay external) so each conformance scenario
// starts a plain `node` process: the suites start many scenarios at once, and as many tsx
// start-ups on a small machine took ~90 s (timing checks such as `sse-retry` then failed on load).
import { join } from 'node:path'
import { build } from 'esbuild'

/** Builds `out/conformance/keel.mjs` under `root`; returns the command the suite runs (the URL is appended). */
export async function buildConformanceClient(root) {
  const entry = join(root, 'out', 'conformance', 'keel.mjs')
  await build({
    entryPoints: [join(root, 'src/cli/keel.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return `"${process.execPath}" "${entry}" mcp conformance-client`
}
