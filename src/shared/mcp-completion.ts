// Completions (`completion/complete`): suggestions a server offers for one argument of a prompt or
// of a resource template, while the user fills it in. The values came from the server: they are
// data (shown as text, never followed), and only ever a suggestion the user picks.

/** What is being filled in: a prompt's argument (by the prompt's name) or a resource template's (by its URI template). */
export type McpCompletionRef = { type: 'prompt'; name: string } | { type: 'resource'; uriTemplate: string }

/** A server's suggestions for one argument, as Keel keeps them. */
export interface McpCompletionView {
  /** At most MCP_MAX_COMPLETION_VALUES, in the server's order; duplicates and malformed values left out. */
  values: string[]
  /** How many the server says there are in all (may be more than `values`). */
  total?: number | undefined
  /** The server has more than it sent. */
  hasMore: boolean
}

/** Values kept from one answer (the spec's own cap). */
export const MCP_MAX_COMPLETION_VALUES = 100
/** Longest value kept (longer ones are dropped: a suggestion is something to pick, not a document). */
export const MCP_MAX_COMPLETION_VALUE_CHARS = 1_000
