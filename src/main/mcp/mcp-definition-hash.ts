// What pins an MCP tool: the SHA-256 of its whole definition as the server listed it. Every field
// counts (name, title, description, schemas, annotations, execution, `_meta`, anything newer), so
// any change the server makes — however small — is a new definition the user has to accept, and
// voids the "always allow" grants keyed to the old one.
import { createHash } from 'node:crypto'
import { canonicalJson } from '../ledger/canonical-json'
import type { McpListedTool } from './mcp-connection-port'

/** Hex SHA-256 of a text (UTF-8). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * The definition hash of a listed tool: hex SHA-256 of the canonical JSON of the whole object
 * (key order and number spelling do not matter; a field whose value is `undefined` counts as absent).
 */
export function mcpDefinitionHash(tool: McpListedTool): string {
  return sha256Hex(canonicalJson(tool))
}
