// Tools a server listed that Keel left out before any other judgement, with the typed reason: the
// window words it in the user's language, the CLI and the log in English. Today the one cause is a
// malformed `x-mcp-header` declaration on a 2026-07-28 session over Streamable HTTP (the spec says
// a client MUST drop such a tool: the header cannot be mirrored, and a call without it would be
// routed wrongly). `path` and header names are the server's text: data, never instructions.

/** Why a tool's `x-mcp-header` declarations cannot be honoured. `path` is the property, dotted (`(root)` for the schema itself). */
export type McpHeaderFault =
  /** Declared on the root, or under a subschema (items, anyOf…) rather than a chain of `properties`. */
  | { code: 'not-on-property'; path: string }
  /** Not a string, or empty. */
  | { code: 'no-name'; path: string }
  /** Not an HTTP header name (spaces, colons, non-ASCII…). */
  | { code: 'not-a-header-name'; path: string; header: string }
  /** On a property whose type is not string, integer or boolean. */
  | { code: 'not-mirrorable'; path: string }
  /** The same header name twice (case-insensitive). */
  | { code: 'repeated'; header: string; first: string }

/** One tool left out of a server's listing, and why. */
export interface McpDroppedTool {
  /** The tool's name as the server sent it. */
  name: string
  fault: McpHeaderFault
}

/** The fault in English (logs, the CLI, and the plain reason kept beside the typed one). */
export function mcpHeaderFaultText(fault: McpHeaderFault): string {
  switch (fault.code) {
    case 'not-on-property':
      return `${fault.path}: x-mcp-header is only allowed on a property reached through properties`
    case 'no-name':
      return `${fault.path}: x-mcp-header must be a non-empty string`
    case 'not-a-header-name':
      return `${fault.path}: x-mcp-header ${JSON.stringify(fault.header)} is not an HTTP header name`
    case 'not-mirrorable':
      return `${fault.path}: x-mcp-header is only allowed on string, integer or boolean properties`
    case 'repeated':
      return `x-mcp-header ${JSON.stringify(fault.header)} repeats ${JSON.stringify(fault.first)}`
  }
}
