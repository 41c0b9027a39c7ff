// Prints "tests: N passed, N failed, N skipped" from the reports `npm test` wrote into DIR.
// A missing vitest report counts as a failure: a run that produced no report proved nothing.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? '.ci-results'
let passed = 0
let failed = 0
let skipped = 0

const vitestFile = join(dir, 'vitest.json')
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'))
  passed += v.numPassedTests
  failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0)
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  if (v.numTotalTests === 0) failed += 1
} else {
  console.error(`[ci-summary] no vitest report at ${vitestFile}`)
  failed += 1
}

const playwrightFile = join(dir, 'playwright.json')
if (existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats
  passed += s.expected + s.flaky
  failed += s.unexpected
  skipped += s.skipped
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
