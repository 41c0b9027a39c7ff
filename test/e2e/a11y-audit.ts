// The accessibility audit (axe, WCAG 2.0/2.1 A and AA) as a helper for the feature specs; the same
// rules and the same readable report as accessibility.e2e.ts.
import AxeBuilder from '@axe-core/playwright'
import type { Result } from 'axe-core'
import { expect, test, type Page } from './fixtures'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

function formatViolations(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.map(String).join(' >>> ')}\n      ${(n.failureSummary ?? '').trim()}`).join('\n')}`,
    )
    .join('\n\n')
}

export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(test.info().project.name === 'electron')
    .analyze()
  if (process.env.A11Y_VERBOSE && results.incomplete.length > 0)
    console.log(`axe needs review in "${state}":\n${formatViolations(results.incomplete)}`)
  // The run really inspected this page (a failed injection would report nothing at all).
  expect(results.passes.length, `axe checked nothing in "${state}"`).toBeGreaterThan(0)
  expect(formatViolations(results.violations), `axe violations in "${state}"`).toBe('')
}
