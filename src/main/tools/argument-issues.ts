import type { z } from 'zod'
import type { ToolArgumentIssue } from '../../shared/tool-outcome'

/**
 * Zod issues → model-facing issues. The wording aims at a model fixing its own call: it names the
 * argument, says what was wrong, and what is allowed.
 */
export function toArgumentIssues(error: z.ZodError, allowedKeys: readonly string[]): ToolArgumentIssue[] {
  const issues: ToolArgumentIssue[] = []
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({
          path: path ? `${path}.${key}` : key,
          message: `unexpected argument '${key}'; this tool accepts only: ${allowedKeys.join(', ')}`,
        })
      }
      continue
    }
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined && path) {
      const expected = issue.code === 'invalid_type' ? issue.expected : issue.values.map((v) => JSON.stringify(v)).join(' | ')
      issues.push({ path, message: `missing required argument '${path}' (${expected})` })
      continue
    }
    if (issue.code === 'invalid_type') {
      issues.push({ path, message: `${path || 'arguments'}: expected ${issue.expected}, got ${describeType(issue.input)}` })
      continue
    }
    issues.push({ path, message: path && !issue.message.includes(path) && issue.code !== 'custom' ? `${path}: ${issue.message}` : issue.message })
  }
  return issues
}

export function summarizeIssues(toolName: string, issues: readonly ToolArgumentIssue[]): string {
  return `Invalid arguments for ${toolName}: ${issues.map((issue) => issue.message).join('; ')}. Nothing was done; correct the arguments and call ${toolName} again, or ask the user for what is missing.`
}

/** How a wrong value is named in an issue (`a string ("5")`, `an array`). */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`
  return typeof value
}
