import type { z } from 'zod'
import type { ArgumentIssueReason, ToolArgumentIssue } from '../../shared/tool-outcome'

/**
 * Zod issues → model-facing issues. The wording aims at a model fixing its own call: it names the
 * argument, says what was wrong, and what is allowed. Each also carries its {@link ArgumentIssueReason}
 * (the kind of problem as data) for the window to tell the user in their language.
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
          reason: { kind: 'unexpected' },
        })
      }
      continue
    }
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined && path) {
      const expected =
        issue.code === 'invalid_type' ? issue.expected : issue.values.map((v) => JSON.stringify(v)).join(' | ')
      issues.push({ path, message: `missing required argument '${path}' (${expected})`, reason: { kind: 'missing' } })
      continue
    }
    if (issue.code === 'invalid_type') {
      issues.push({
        path,
        message: `${path || 'arguments'}: expected ${issue.expected}, got ${describeType(issue.input)}`,
        reason: { kind: 'wrong-type', expected: issue.expected === 'int' ? 'integer' : issue.expected },
      })
      continue
    }
    issues.push({
      path,
      message:
        path && !issue.message.includes(path) && issue.code !== 'custom' ? `${path}: ${issue.message}` : issue.message,
      reason: reasonOf(issue),
    })
  }
  return issues
}

/** The kind of a zod issue, for the user (a tool's own check says it in its issue's `params.reason`). */
function reasonOf(issue: z.core.$ZodIssue): ArgumentIssueReason {
  switch (issue.code) {
    case 'invalid_value':
      return { kind: 'allowed-values', values: issue.values.map((v) => String(v)) }
    case 'too_big':
    case 'too_small': {
      const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum)
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return {
          kind: issue.code === 'too_big' ? 'too-long' : 'too-short',
          limit,
          unit: issue.origin === 'string' ? 'characters' : 'items',
        }
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.code === 'too_big' ? { kind: 'range', maximum: limit } : { kind: 'range', minimum: limit }
      return { kind: 'other' }
    }
    case 'custom':
      return isReason(issue.params?.reason) ? issue.params.reason : { kind: 'other' }
    default:
      return { kind: 'other' }
  }
}

const REASON_KINDS: ReadonlySet<string> = new Set([
  'allowed-values',
  'missing',
  'unexpected',
  'wrong-type',
  'range',
  'too-long',
  'too-short',
  'other',
])

function isReason(value: unknown): value is ArgumentIssueReason {
  return typeof value === 'object' && value !== null && REASON_KINDS.has(String((value as { kind?: unknown }).kind))
}

export function summarizeIssues(toolName: string, issues: readonly ToolArgumentIssue[]): string {
  return `Invalid arguments for ${toolName}: ${issues.map((issue) => issue.message).join('; ')}. Nothing was done; correct the arguments and call ${toolName} again, or ask the user for what is missing.`
}

/** How a wrong value is named in an issue (`a string ("5")`, `an array`). */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`
  return typeof value
}
