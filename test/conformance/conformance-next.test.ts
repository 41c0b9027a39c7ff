// The conformance suite's next release (0.2.0-alpha: the 2026-07-28 client scenarios) against
// Keel's own MCP client (scripts/run-conformance-next.mjs): every client scenario the 2026-07-28
// and 2025-11-25 revisions require, back-compat, and schema preservation, with the empty baseline.
// It needs the npm alias `@modelcontextprotocol/conformance-next` (or KEEL_CONFORMANCE_NEXT=<the
// package folder>); without it the test is skipped and its name says so.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const packageDir =
  process.env.KEEL_CONFORMANCE_NEXT ?? join(root, 'node_modules/@modelcontextprotocol/conformance-next')
const installed = existsSync(join(packageDir, 'dist/index.js'))
const title = installed
  ? 'passes the next conformance suite: 2026-07-28 and 2025-11-25 client requirements, back-compat'
  : 'next conformance suite — SKIPPED: @modelcontextprotocol/conformance-next is not installed (npm alias of 0.2.0-alpha.12; or set KEEL_CONFORMANCE_NEXT)'

it.skipIf(!installed)(title, { timeout: 600_000 }, () => {
  const run = spawnSync(process.execPath, ['scripts/run-conformance-next.mjs'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 590_000,
    env: { ...process.env, KEEL_CONFORMANCE_NEXT: packageDir },
  })
  const output = `${run.stdout}\n${run.stderr}`
  expect(output, output.slice(-4000)).toMatch(/✓ 2026-07-28 sep-2322-client-request-state/)
  expect(output, output.slice(-4000)).toMatch(/✓ backcompat suite/)
  expect(output, output.slice(-4000)).not.toMatch(/^✗/m)
  expect(run.status, output.slice(-4000)).toBe(0)
})
