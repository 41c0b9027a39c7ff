// The one place that says what each failure of a server's resources and prompts means to the app:
// its kind, who must act, whether trying again can help, and the detail code the window words in
// the user's language. The English message (logs, the CLI) is the one the feature layer wrote.
import type { AppError, McpFeatureProblem } from '../../shared/ipc/app-error'
import type { McpFeatureError } from '../../shared/mcp-server-features'

type Verdict = Pick<AppError, 'kind' | 'owner' | 'retryable'>

const VERDICTS = {
  // Turn it on, agree to it, or wait until it is ready.
  'mcp-not-ready': { kind: 'busy', owner: 'user', retryable: true },
  // The server would have to change: asking again gives the same answer.
  'mcp-unsupported': { kind: 'validation', owner: 'provider', retryable: false },
  'mcp-not-found': { kind: 'not-found', owner: 'user', retryable: false },
  'mcp-invalid-arguments': { kind: 'validation', owner: 'user', retryable: false },
  'mcp-timeout': { kind: 'provider', owner: 'provider', retryable: true },
  'mcp-too-large': { kind: 'provider', owner: 'provider', retryable: false },
  // The connection restarts on its own: a later try may work.
  'mcp-connection-lost': { kind: 'provider', owner: 'system', retryable: true },
  'mcp-server-error': { kind: 'provider', owner: 'provider', retryable: true },
} as const satisfies Record<McpFeatureError['code'], Verdict>

function problemOf(error: McpFeatureError): McpFeatureProblem {
  switch (error.code) {
    case 'mcp-not-ready':
      return { code: 'mcp-not-running' }
    case 'mcp-unsupported':
      return { code: 'mcp-feature-unsupported', feature: error.feature }
    case 'mcp-not-found':
      return { code: 'mcp-item-not-found' }
    case 'mcp-invalid-arguments':
      return { code: 'mcp-invalid-params', missing: error.missing }
    case 'mcp-timeout':
      return { code: 'mcp-timeout' }
    case 'mcp-too-large':
      return { code: 'mcp-too-large' }
    case 'mcp-connection-lost':
      return { code: 'mcp-connection-lost' }
    case 'mcp-server-error':
      return { code: 'mcp-server-failed' }
  }
}

/** A feature failure as the app's error: verdict from the table above, detail for the window. */
export function mcpFeatureFailure(error: McpFeatureError): { ok: false; error: AppError } {
  return { ok: false, error: { ...VERDICTS[error.code], message: error.message, detail: problemOf(error) } }
}
