// The official MCP conformance suite's core client scenarios against Keel's own MCP client
// (scripts/run-conformance.mjs; test/conformance/baseline.yml lists what Keel does not implement).
// The suite exits 1 on an unexpected failure and on a baseline entry that passes, so this test
// fails both when the client regresses and when a baseline entry goes stale.
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

it('passes the conformance suite (core client scenarios) except the baseline', { timeout: 180_000 }, () => {
  const run = spawnSync(process.execPath, ['scripts/run-conformance.mjs'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 175_000,
  })
  const output = `${run.stdout}\n${run.stderr}`
  expect(output).toContain('Passed: 1/1') // initialize, tools_call
  expect(output, output.slice(-4000)).not.toMatch(/Unexpected failures/)
  expect(run.status, output.slice(-4000)).toBe(0)
})
